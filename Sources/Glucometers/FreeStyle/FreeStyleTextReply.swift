/// A reassembled FreeStyle text reply: `message "CKSM:" 8HEXDIG CRLF "CMD " ("OK" / "Fail!") CRLF`,
/// the checksum being the sum of the message's bytes (devices.md §4.2 "Text commands").
public enum FreeStyleTextReply {
    static let okTrailer = Array("CMD OK\r\n".utf8)
    static let failTrailer = Array("CMD Fail!\r\n".utf8)
    static let checksumTag = Array("CKSM:".utf8)

    /// Whether `bytes` hold a whole reply (it ends with the `CMD` line).
    public static func isComplete(_ bytes: [UInt8]) -> Bool {
        bytes.ends(with: okTrailer) || bytes.ends(with: failTrailer)
    }

    /// The message of a complete reply to `command`, its checksum verified.
    public static func message(of bytes: [UInt8], command: String) throws(GlucometerError) -> [UInt8] {
        let place = "the reply to \(command)"
        let failed = bytes.ends(with: failTrailer)
        guard failed || bytes.ends(with: okTrailer) else {
            throw .unexpectedReply(where: place, detail: "it does not end with CMD OK or CMD Fail!")
        }
        let body = Array(bytes.dropLast(failed ? failTrailer.count : okTrailer.count))
        // body = message "CKSM:" 8 hex digits CRLF
        let checksumLine = checksumTag.count + 8 + 2
        guard body.count >= checksumLine,
            Array(body[(body.count - checksumLine)..<(body.count - checksumLine + checksumTag.count)]) == checksumTag,
            body.ends(with: [0x0D, 0x0A])
        else {
            throw .unexpectedReply(where: place, detail: "no CKSM line before the CMD line")
        }
        let hexStart = body.count - checksumLine + checksumTag.count
        let hex = String(decoding: body[hexStart..<hexStart + 8], as: UTF8.self)
        guard let sent = UInt32(hex, radix: 16) else {
            throw .unexpectedReply(where: place, detail: "checksum '\(hex)' is not 8 hex digits")
        }
        let message = Array(body[0..<(body.count - checksumLine)])
        if failed { throw .commandFailed(command) }
        let computed = checksum(message)
        guard computed == sent else {
            throw .checksumMismatch(where: place, sent: hex, computed: hexDigits(computed))
        }
        return message
    }

    /// The sum of `bytes`, as the meter computes it (32 bits, wrapping).
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        bytes.reduce(UInt32(0)) { $0 &+ UInt32($1) }
    }

    /// Eight upper-case hex digits, as the meter prints checksums.
    public static func hexDigits(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}

extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
