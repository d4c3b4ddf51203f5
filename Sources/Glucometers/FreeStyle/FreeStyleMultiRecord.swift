import FoundationEssentials

/// The records of a FreeStyle data dump: `*(record CRLF) count "," 8HEXDIG CRLF`, the inner
/// checksum being the sum of the record bytes; or `Log Empty` CRLF (devices.md §4.2
/// "Multi-record replies").
public enum FreeStyleMultiRecord {
    static let logEmpty = Array("Log Empty\r\n".utf8)

    /// One record line of a dump.
    public struct Line: Sendable, Hashable {
        /// 1-based line number in the dump, for reports ("$result? line 7").
        public var number: Int
        /// The comma-separated fields, double quotes removed (Libre comments are quoted).
        public var fields: [String]
        /// The line as sent.
        public var text: String

        /// A line split as the meter's dumps are (quoted fields may hold commas).
        public init(number: Int, text: String) {
            self.init(number: number, fields: FreeStyleMultiRecord.csvFields(text), text: text)
        }

        public init(number: Int, fields: [String], text: String) {
            self.number = number
            self.fields = fields
            self.text = text
        }
    }

    /// A dump's record lines, and a remark when its count line disagrees with them.
    public struct Dump: Sendable, Hashable {
        public var lines: [Line]
        /// Set when the count line names another number of records than were sent. freestyle-hid
        /// does not check the count and glucometerutils reads such dumps, so the records are kept.
        public var countNote: String?
    }

    /// Each record's comma-separated fields; empty for `Log Empty`.
    public static func records(of message: [UInt8], command: String) throws(GlucometerError) -> [[String]] {
        try dump(of: message, command: command).lines.map(\.fields)
    }

    /// The record lines of a dump. Only what makes the whole dump untrustworthy throws: no count
    /// line, or an inner checksum that does not match the bytes.
    public static func dump(of message: [UInt8], command: String) throws(GlucometerError) -> Dump {
        if message == logEmpty { return Dump(lines: [], countNote: nil) }
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
            throw .unexpectedReply(
                where: place,
                detail: "the last line '\(countLine)' is not the record count and checksum ('count,8 hex digits')"
            )
        }
        let computed = FreeStyleTextReply.checksum(recordBytes)
        guard computed == sent else {
            throw .checksumMismatch(
                where: place,
                sent: String(parts[1]),
                computed: FreeStyleTextReply.hexDigits(computed)
            )
        }
        // Decoded with replacement characters: the meters' UTF-8 is sometimes cut mid-character
        // (freestyle-hid decodes with "replace" for that reason).
        let texts = String(decoding: recordBytes, as: UTF8.self).components(separatedBy: "\r\n").dropLast()
        let lines = texts.enumerated().map { index, text in
            Line(number: index + 1, text: text)
        }
        let note =
            lines.count == count
            ? nil : "\(command): the meter announced \(count) records and sent \(lines.count); all were read"
        return Dump(lines: lines, countNote: note)
    }

    /// CSV fields as Python's `csv.reader` (which glucometerutils uses) splits them: commas inside
    /// double quotes do not split, and `""` inside quotes is one quote.
    static func csvFields(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var characters = line.makeIterator()
        var pending: Character? = nil
        while let character = pending ?? characters.next() {
            pending = nil
            switch character {
            case "\"" where quoted:
                let next = characters.next()
                if next == "\"" {
                    current.append("\"")
                } else {
                    quoted = false
                    pending = next
                }
            case "\"" where current.isEmpty:
                quoted = true
            case "," where !quoted:
                fields.append(current)
                current = ""
            default:
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
