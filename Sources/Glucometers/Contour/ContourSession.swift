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
    ///
    /// As tolerant as the meters are: a header frame sent with the wake-up (EOT, header, ENQ, as
    /// glucometerutils' test vector captures it) is kept; the first frame after the ENQ may carry
    /// any number, and the count goes on from it (glucometerutils `checkframe` takes the first
    /// number it sees); an ENQ repeated before the frames is answered with ACK again, as
    /// glucometerutils' `sync()` and Tidepool's `getOneRecord` do.
    public func transfer() throws(GlucometerError) -> [String] {
        var records = try establish()
        // The number of the next frame; nil until the first frame after an ENQ.
        var expected: Int?
        var refusals = 0
        var lastProblem = ""
        while true {
            let message = try ContourHIDFraming.receiveMessage(
                from: channel,
                timeout: timeout,
                step: "frame \(expected.map(String.init) ?? "after the meter's ENQ") (after \(records.count) records)"
            )
            let items = ASTMLinkItem.split(message)
            var answer: UInt8?
            for (position, item) in items.enumerated() {
                switch item {
                case .control(ASTMFrame.eot) where position < items.count - 1:
                    continue  // the EOT that opens a wake-up reply, before its frame
                case .control(ASTMFrame.eot):
                    guard records.last?.hasPrefix("L") == true else {
                        throw .unexpectedReply(
                            where: "the transfer",
                            detail: refusals > 0
                                ? "the meter aborted after frame \(expected ?? 0) was refused \(refusals) times (\(lastProblem))"
                                : "the meter ended after \(records.count) records, without its terminator record (L)"
                        )
                    }
                    return records
                case .control(ASTMFrame.enq):
                    // The meter offers (again) to send: accept, and take the next frame's number as it comes.
                    answer = answer ?? ASTMFrame.ack
                    if items.allSatisfy({ if case .control = $0 { true } else { false } }) { expected = nil }
                case .control:
                    continue  // padding between frames
                case .frame(let bytes):
                    do throws(GlucometerError) {
                        let frame = try ASTMFrame.decode(bytes)
                        if let expected, frame.number == (expected + 7) % 8, !records.isEmpty {
                            // E1381: a frame sent again after a lost ACK is acknowledged and discarded.
                            answer = ASTMFrame.ack
                            continue
                        }
                        if let expected, frame.number != expected {
                            throw GlucometerError.unexpectedReply(
                                where: "frame \(expected)",
                                detail: "frame number \(frame.number) arrived instead"
                            )
                        }
                        records.append(frame.text)
                        expected = (frame.number + 1) % 8
                        refusals = 0
                        answer = ASTMFrame.ack
                    } catch {
                        if case .transport = error { throw error }
                        refusals += 1
                        lastProblem = "\(error)"
                        guard refusals < Self.frameAttempts else {
                            throw .retriesExhausted(
                                what: "frame \(expected.map(String.init) ?? "after the meter's ENQ")",
                                attempts: refusals,
                                lastProblem: lastProblem
                            )
                        }
                        answer = ASTMFrame.nak
                    }
                }
            }
            if let answer {
                try reply(answer, step: answer == ASTMFrame.nak ? "refusing a frame" : "acknowledging the meter")
            }
        }
    }

    /// EOT until the meter answers ENQ (it may NAK while busy), then ACK. Returns the header
    /// record when the meter sent it inside its answer (EOT, header frame, ENQ).
    private func establish() throws(GlucometerError) -> [String] {
        var seen = ""
        for _ in 0..<Self.establishAttempts {
            try reply(ASTMFrame.eot, step: "waking the meter")
            let message = try ContourHIDFraming.receiveMessage(from: channel, timeout: timeout, step: "waiting for ENQ")
            if message.last == ASTMFrame.enq {
                var records: [String] = []
                for case .frame(let bytes) in ASTMLinkItem.split(message) {
                    // A damaged header here is not asked for again: the meter goes on with its
                    // next frame whatever we answer to its ENQ, so the transfer reports it missing.
                    if let frame = try? ASTMFrame.decode(bytes) { records.append(frame.text) }
                }
                try reply(ASTMFrame.ack, step: "accepting the meter's ENQ")
                return records
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
