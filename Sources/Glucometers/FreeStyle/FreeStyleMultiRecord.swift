/// The records of a FreeStyle data dump: `*(record CRLF) count "," 8HEXDIG CRLF`, the inner
/// checksum being the sum of the record bytes; or `Log Empty` CRLF (devices.md §4.2
/// "Multi-record replies").
public enum FreeStyleMultiRecord {
    static let logEmpty = Array("Log Empty\r\n".utf8)

    /// Each record's comma-separated fields; empty for `Log Empty`.
    public static func records(of message: [UInt8], command: String) throws(GlucometerError) -> [[String]] {
        if message == logEmpty { return [] }
        let place = "the records of \(command)"
        guard message.ends(with: [0x0D, 0x0A]) else {
            throw .unexpectedReply(where: place, detail: "the record count line does not end with CRLF")
        }
        let withoutLastLine = message.dropLast(2)
        let countLineStart = withoutLastLine.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let recordBytes = Array(message[0..<countLineStart])
        let countLine = String(decoding: message[countLineStart..<(message.count - 2)], as: UTF8.self)
        let parts = countLine.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[0]), parts[1].count == 8, let sent = UInt32(parts[1], radix: 16)
        else {
            throw .unexpectedReply(where: place, detail: "the last line '\(countLine)' is not 'count,checksum'")
        }
        let computed = FreeStyleTextReply.checksum(recordBytes)
        guard computed == sent else {
            throw .checksumMismatch(
                where: place,
                sent: String(parts[1]),
                computed: FreeStyleTextReply.hexDigits(computed)
            )
        }
        let lines = String(decoding: recordBytes, as: UTF8.self).split(separator: "\r\n").map(String.init)
        guard lines.count == count else {
            throw .unexpectedReply(where: place, detail: "the meter announced \(count) records and sent \(lines.count)")
        }
        // Plain CSV: Neo records hold numbers and HI/LO only, never quoted fields.
        return lines.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }
}
