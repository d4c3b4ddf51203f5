import USBTransport

/// The host (receiver) side of an ASTM E1381 transfer from a Contour meter over HID reports
/// (devices.md §4.3 "Session", glucometerutils `sync()`): wake the meter with EOT until it sends
/// ENQ, ACK it, then ACK each good frame and NAK a bad one (the meter sends it again), until EOT.
public struct ContourSession {
    let channel: any HIDReportChannel
    let timeout: Duration

    /// Transmissions of one frame before the transfer is given up: ASTM E1381's retransmission rule
    /// (restated in CLSI LIS01-A2) lets the sender try a frame six times, then abort; the receiver
    /// stops at the same count.
    public static let frameAttempts = 6
    /// Wake-ups (EOT) sent before giving up on a meter that never sends ENQ.
    public static let establishAttempts = 6

    public init(channel: any HIDReportChannel, timeout: Duration) {
        self.channel = channel
        self.timeout = timeout
    }

    /// The text of every record the meter sent, in order, ending with its `L` record.
    public func transfer() throws(GlucometerError) -> [String] {
        try establish()
        var records: [String] = []
        var expected = 1  // frame numbers start at 1 and count mod 8 (devices.md §4.3)
        var refusals = 0
        var lastProblem = ""
        while true {
            let message = try ContourHIDFraming.receiveMessage(
                from: channel,
                timeout: timeout,
                step: "frame \(expected) (after \(records.count) records)"
            )
            for item in ASTMLinkItem.split(message) {
                switch item {
                case .control(ASTMFrame.eot):
                    guard records.last?.hasPrefix("L") == true else {
                        throw .unexpectedReply(
                            where: "the transfer",
                            detail: refusals > 0
                                ? "the meter aborted after frame \(expected) was refused \(refusals) times (\(lastProblem))"
                                : "the meter ended after \(records.count) records, without its terminator record"
                        )
                    }
                    return records
                case .control:
                    continue  // a stray ENQ or padding between frames
                case .frame(let bytes):
                    do throws(GlucometerError) {
                        let frame = try ASTMFrame.decode(bytes)
                        if frame.number == (expected + 7) % 8, !records.isEmpty {
                            try reply(ASTMFrame.ack, step: "acknowledging a repeated frame")  // E1381: ACK and discard
                            continue
                        }
                        guard frame.number == expected else {
                            throw GlucometerError.unexpectedReply(
                                where: "frame \(expected)",
                                detail: "frame number \(frame.number) arrived instead"
                            )
                        }
                        records.append(frame.text)
                        expected = (expected + 1) % 8
                        refusals = 0
                        try reply(ASTMFrame.ack, step: "acknowledging frame \(frame.number)")
                    } catch {
                        if case .transport = error { throw error }
                        refusals += 1
                        lastProblem = "\(error)"
                        guard refusals < Self.frameAttempts else {
                            throw .retriesExhausted(
                                what: "frame \(expected)",
                                attempts: refusals,
                                lastProblem: lastProblem
                            )
                        }
                        try reply(ASTMFrame.nak, step: "refusing frame \(expected)")
                    }
                }
            }
        }
    }

    /// EOT until the meter answers ENQ (it may NAK while busy), then ACK.
    private func establish() throws(GlucometerError) {
        var seen = ""
        for _ in 0..<Self.establishAttempts {
            try reply(ASTMFrame.eot, step: "waking the meter")
            let message = try ContourHIDFraming.receiveMessage(from: channel, timeout: timeout, step: "waiting for ENQ")
            if message.last == ASTMFrame.enq {
                try reply(ASTMFrame.ack, step: "accepting the meter's ENQ")
                return
            }
            seen = message.map { String($0, radix: 16) }.joined(separator: " ")
        }
        throw .retriesExhausted(
            what: "waiting for the meter's ENQ",
            attempts: Self.establishAttempts,
            lastProblem: "got \(seen)"
        )
    }

    private func reply(_ control: UInt8, step: String) throws(GlucometerError) {
        for report in ContourHIDFraming.hostReports([control]) {
            do {
                try channel.send(report)
            } catch {
                throw .transport(error, during: step)
            }
        }
    }
}
