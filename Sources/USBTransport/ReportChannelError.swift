/// Why a report could not be sent or received.
public enum ReportChannelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The device is gone (unplugged, or the simulated peer closed its end).
    case disconnected
    /// Nothing arrived within the time allowed.
    case timedOut(Duration)
    /// A report longer than the device's report size.
    case reportTooLong(Int)
    /// The channel was closed by us.
    case closed
    /// The device could not be opened or claimed; `reason` says which step failed.
    case openFailed(String)
    /// A system or libusb call failed.
    case io(String)

    public var description: String {
        switch self {
        case .disconnected: "the device disconnected"
        case .timedOut(let limit): "the device sent nothing for \(limit)"
        case .reportTooLong(let count): "a report of \(count) bytes is longer than \(HIDReport.size)"
        case .closed: "the channel is closed"
        case .openFailed(let reason): "could not open the device: \(reason)"
        case .io(let reason): "USB I/O failed: \(reason)"
        }
    }
}
