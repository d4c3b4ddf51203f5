/// A two-way stream of fixed-size HID reports with one meter: the seam between the protocol
/// drivers and the wire. Exactly two implementations exist: `LibUSBReportChannel` (a real USB
/// device through libusb-1.0) and `SeqPacketReportChannel` (a simulated meter on the other end of a
/// `SOCK_SEQPACKET` unix socket, one message per report).
///
/// A channel is used by one thread at a time; its calls block, so drivers run it off the
/// cooperative thread pool (see `BlockingWork`).
public protocol HIDReportChannel: AnyObject {
    /// Sends one report; shorter reports are zero-padded to `HIDReport.size`, longer ones refused.
    func send(_ report: [UInt8]) throws(ReportChannelError)
    /// The next report from the device, waiting at most `timeout`.
    func receive(timeout: Duration) throws(ReportChannelError) -> [UInt8]
    /// Releases the device; later calls fail with `.closed`.
    func close()
}

/// HID report sizes of the meters we read.
public enum HIDReport {
    /// FreeStyle and Contour meters use fixed 64-byte reports (devices.md §4.2 "fixed 64-byte
    /// reports"; §4.3 "HID framing (64-byte reports)").
    public static let size = 64

    /// `bytes` zero-padded to a full report; nil when longer than one report.
    public static func padded(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count <= size else { return nil }
        return bytes + [UInt8](repeating: 0, count: size - bytes.count)
    }
}
