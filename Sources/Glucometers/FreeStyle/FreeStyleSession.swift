import USBTransport

/// The host side of the FreeStyle shared HID protocol over a report channel (devices.md §4.2):
/// the init exchange and text commands whose replies span several reports, with the keepalive
/// reports the meter puts between them skipped.
public struct FreeStyleSession {
    let channel: any HIDReportChannel
    let timeout: Duration

    /// Times a command is sent again after its reply failed a checksum. The protocol has no
    /// retransmission of its own (freestyle-hid raises on a bad checksum); asking again is safe for
    /// the read-only commands we send. Our choice: 3 attempts in all.
    public static let attempts = 3

    public init(channel: any HIDReportChannel, timeout: Duration) {
        self.channel = channel
        self.timeout = timeout
    }

    /// INIT `01 00` → `71 01 01` (devices.md §4.2 "Init sequence").
    public func initialize() throws(GlucometerError) {
        try send(FreeStyleMessage(type: FreeStyleMessage.initRequest), step: "init")
        let reply = try nextMessage(step: "init")
        guard reply.type == FreeStyleMessage.initReply, reply.payload == [0x01] else {
            throw .unexpectedReply(
                where: "init",
                detail: "expected 71 01 01, got type 0x\(String(reply.type, radix: 16)) \(reply.payload)"
            )
        }
    }

    /// The checked message of the reply to a text command such as `$serlnum?`.
    public func command(_ text: String) throws(GlucometerError) -> [UInt8] {
        var lastProblem: GlucometerError?
        for _ in 0..<Self.attempts {
            do throws(GlucometerError) {
                return try commandOnce(text)
            } catch {
                guard case .checksumMismatch = error else { throw error }
                lastProblem = error
            }
        }
        throw .retriesExhausted(
            what: "the command \(text)",
            attempts: Self.attempts,
            lastProblem: lastProblem.map { "\($0)" } ?? ""
        )
    }

    private func commandOnce(_ text: String) throws(GlucometerError) -> [UInt8] {
        let bytes = Array(text.utf8)
        guard bytes.count <= FreeStyleMessage.maximumPayload else {
            throw .unexpectedReply(where: text, detail: "command longer than one report")
        }
        try send(FreeStyleMessage(type: FreeStyleMessage.text, payload: bytes), step: text)
        var reply: [UInt8] = []
        while !FreeStyleTextReply.isComplete(reply) {
            let message = try nextMessage(step: "the reply to \(text)")
            guard message.type == FreeStyleMessage.text else {
                throw .unexpectedReply(
                    where: "the reply to \(text)",
                    detail: "a report of type 0x\(String(message.type, radix: 16))"
                )
            }
            reply += message.payload
            // Replies of hundreds of kilobytes would mean a broken meter; a full Neo log is ~50 KiB.
            guard reply.count < 4 << 20 else {
                throw .unexpectedReply(where: "the reply to \(text)", detail: "more than 4 MiB without CMD line")
            }
        }
        return try FreeStyleTextReply.message(of: reply, command: text)
    }

    /// The next report that is not a keepalive (`22 01 xx`, devices.md §4.2).
    private func nextMessage(step: String) throws(GlucometerError) -> FreeStyleMessage {
        while true {
            let report: [UInt8]
            do {
                report = try channel.receive(timeout: timeout)
            } catch {
                throw .transport(error, during: step)
            }
            let message = try FreeStyleMessage.decode(report)
            if message.type != FreeStyleMessage.keepalive { return message }
        }
    }

    private func send(_ message: FreeStyleMessage, step: String) throws(GlucometerError) {
        guard let report = message.encoded() else { throw .unexpectedReply(where: step, detail: "payload too long") }
        do {
            try channel.send(report)
        } catch {
            throw .transport(error, during: step)
        }
    }
}
