#if canImport(Glibc)
    import Glibc
#endif

/// The simulated peer's channel: a connection to a simulated meter listening on a unix
/// `SOCK_SEQPACKET` socket, where one message is one report (devices.md §7.2).
public final class SeqPacketReportChannel: HIDReportChannel {
    private var fd: Int32

    /// Connects to the simulated meter at `path`.
    public init(path: String) throws(ReportChannelError) {
        let fd = try UnixSeqPacketSocket.make()
        let result = try UnixSeqPacketSocket.withAddress(path) { connect(fd, $0, $1) }
        guard result == 0 else {
            let reason = UnixSeqPacketSocket.errnoText()
            Glibc.close(fd)
            throw .openFailed("connect to simulated meter at \(path): \(reason)")
        }
        self.fd = fd
    }

    deinit { close() }

    public func send(_ report: [UInt8]) throws(ReportChannelError) {
        guard fd >= 0 else { throw .closed }
        guard let padded = HIDReport.padded(report) else { throw .reportTooLong(report.count) }
        try UnixSeqPacketSocket.sendMessage(fd, padded)
    }

    public func receive(timeout: Duration) throws(ReportChannelError) -> [UInt8] {
        guard fd >= 0 else { throw .closed }
        guard try UnixSeqPacketSocket.waitReadable(fd, timeout: timeout) else { throw .timedOut(timeout) }
        // One byte more than a report, so an oversized message from the peer is seen, not cut.
        let message = try UnixSeqPacketSocket.receiveMessage(fd, capacity: HIDReport.size + 1)
        guard message.count <= HIDReport.size else { throw .reportTooLong(message.count) }
        return HIDReport.padded(message) ?? message
    }

    public func close() {
        if fd >= 0 {
            Glibc.close(fd)
            fd = -1
        }
    }
}
