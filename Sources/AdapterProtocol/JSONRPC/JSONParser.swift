/// A parsed JSON value whose objects keep their members as an array of pairs: cheaper to build
/// than a dictionary for the small objects of a measurement record, and looked up linearly.
enum ParsedJSON: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ParsedJSON])
    case object([(key: String, value: ParsedJSON)])

    /// The member `key` of an object; of duplicates the first, as `JSONDecoder` reads it.
    subscript(key: String) -> ParsedJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The same value as the public `JSONValue`.
    var jsonValue: JSONValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let value): .number(value)
        case .string(let value): .string(value)
        case .array(let values): .array(values.map(\.jsonValue))
        case .object(let members):
            .object(Dictionary(members.map { ($0.key, $0.value.jsonValue) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// Equal as JSON values: objects compare as `JSONValue` objects do (member order does not
    /// matter; of duplicate names the first counts), everything else directly.
    static func == (lhs: ParsedJSON, rhs: ParsedJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object, .object): lhs.jsonValue == rhs.jsonValue
        default: false
        }
    }
}

/// A strict RFC 8259 JSON parser from UTF-8 bytes to `ParsedJSON`.
///
/// Written by hand because it carries the ingest hot path: Foundation's `JSONDecoder`, the only
/// JSON decoder among the packages this project can use, measured about 5 µs per measurement
/// record on the 2-core target machine, which by itself caps ingest below the 100,000
/// readings/s goal (docs/benchmarks.md). It is used only for `measurements/submit`; every other
/// message goes through `JSONDecoder`.
struct JSONParser {
    /// Where and why the bytes are not JSON.
    struct Failure: Error {
        var offset: Int
        var reason: String
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    /// Parses one complete JSON text.
    static func parse(_ bytes: [UInt8]) throws(Failure) -> ParsedJSON {
        try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) -> ParsedJSON in
            var parser = JSONParser(bytes: buffer)
            parser.skipWhitespace()
            let value = try parser.parseValue(depth: 0)
            parser.skipWhitespace()
            guard parser.position == buffer.count else { throw parser.failure("trailing characters") }
            return value
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private func failure(_ reason: String) -> Failure {
        Failure(offset: position, reason: reason)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> ParsedJSON {
        // Deep nesting is never legitimate here and would exhaust the stack.
        guard depth < 64 else { throw failure("nested too deeply") }
        guard let byte = current else { throw failure("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("unexpected character")
        }
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: ParsedJSON) throws(Failure) -> ParsedJSON {
        let length = word.utf8CodeUnitCount
        guard position + length <= bytes.count else { throw failure("unexpected end of input") }
        for index in 0..<length where bytes[position + index] != word.utf8Start[index] {
            throw failure("unexpected character")
        }
        position += length
        return value
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> ParsedJSON {
        position += 1
        var members: [(key: String, value: ParsedJSON)] = []
        members.reserveCapacity(8)
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
            position += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(members)
            default: throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> ParsedJSON {
        position += 1
        var elements: [ParsedJSON] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            default: throw failure("expected ',' or ']'")
            }
        }
    }

    private mutating func parseString() throws(Failure) -> String {
        position += 1
        let start = position
        // Fast path: no escapes, so the bytes are the string.
        var ascii = true
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                // ASCII is valid UTF-8 as it stands; `String(validating:)` is generic and, not specialized
                // across modules, cost more than the rest of a record's parse.
                if ascii { return String(decoding: slice, as: UTF8.self) }
                guard let text = String(validating: slice, as: UTF8.self) else { throw failure("invalid UTF-8") }
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure("control character in a string") }
            if byte >= 0x80 { ascii = false }
            position += 1
        }
        var scalars = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let text = String(validating: scalars, as: UTF8.self) else { throw failure("invalid UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                position += 1
                guard let escape = current else { throw failure("unexpected end of input") }
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"): scalars.append(contentsOf: try parseUnicodeEscape())
                default: throw failure("invalid escape")
                }
            default:
                if byte < 0x20 { throw failure("control character in a string") }
                scalars.append(byte)
                position += 1
            }
        }
        throw failure("unterminated string")
    }

    /// `\uXXXX`, with surrogate pairs, as UTF-8 bytes.
    private mutating func parseUnicodeEscape() throws(Failure) -> [UInt8] {
        var code = try parseHex4()
        if (0xD800...0xDBFF).contains(code) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            else { throw failure("unpaired surrogate") }
            position += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw failure("unpaired surrogate") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(code) {
            throw failure("unpaired surrogate")
        }
        guard let scalar = Unicode.Scalar(code) else { throw failure("invalid code point") }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("unexpected end of input") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("invalid \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private mutating func parseNumber() throws(Failure) -> Double {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw failure("invalid number")
        }
        if first == UInt8(ascii: "0") {
            position += 1
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard skipDigits() > 0 else { throw failure("invalid number") }
        }
        let significandEnd = position
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard skipDigits() > 0 else { throw failure("invalid number") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text) else { throw failure("invalid number") }
        // A number a Double cannot hold (1e999 would be infinity, 1e-400 zero) is refused, as
        // JSONDecoder refuses it: a submit carrying one then goes down the Codable path, which
        // names the field malformed, instead of storing infinity or zero.
        guard value.isFinite else { throw failure("number out of range") }
        if value == 0,
            bytes[start..<significandEnd].contains(where: { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) })
        {
            throw failure("number out of range")
        }
        return value
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = position
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
        return position - start
    }
}
