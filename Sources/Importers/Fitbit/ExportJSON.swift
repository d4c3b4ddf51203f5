/// A JSON value of an export file, parsed by hand: Foundation's JSONSerialization builds bridged
/// `NSDictionary`/`NSString` objects and was the slowest step of a Fitbit import (RFC 8259 grammar;
/// numbers are read with `Double(Substring)`).
enum ExportJSON: Sendable, Equatable {
    case object([(key: String, value: ExportJSON)])
    case array([ExportJSON])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    static func == (lhs: ExportJSON, rhs: ExportJSON) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    /// The member `key` of an object.
    subscript(key: String) -> ExportJSON? {
        guard case .object(let members) = self else { return nil }
        for member in members where member.key == key { return member.value }
        return nil
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A number, or a string holding one (Fitbit writes many values as strings, formats.md §1.3).
    var number: Double? {
        switch self {
        case .number(let value): value.isFinite ? value : nil
        case .string(let text): Self.number(inString: text)
        default: nil
        }
    }

    /// The number a string holds (`"57"`, `"753.6"`), as `number` reads it from a string value.
    static func number(inString text: String) -> Double? {
        wholeNumber(text) ?? Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    /// The value of a string of 1 to 15 ASCII digits ("0", "57": most intraday values) without strtod;
    /// nil for anything else, which `Double(_:)` then reads.
    private static func wholeNumber(_ text: String) -> Double? {
        var value: Int64 = 0
        var count = 0
        for byte in text.utf8 {
            guard byte >= 0x30, byte <= 0x39, count < 15 else { return nil }
            value = value * 10 + Int64(byte - 0x30)
            count += 1
        }
        return count > 0 ? Double(value) : nil
    }

    /// An integer id, from a number or a string.
    var integer: Int64? {
        switch self {
        case .number(let value): value.rounded() == value && abs(value) < 9.0e18 ? Int64(value) : nil
        case .string(let text): Int64(text)
        default: nil
        }
    }

    /// Where parsing stopped.
    struct Failure: Error {
        var offset: Int
        var reason: String
    }

    /// Parses a whole document whose top level is an array; also returns each element's byte offset.
    static func parseArray(_ bytes: [UInt8]) throws(Failure) -> (elements: [ExportJSON], offsets: [Int]) {
        var parser = Parser(bytes: bytes)
        var elements: [ExportJSON] = []
        let offsets = try parser.arrayElements { (parser) throws(Failure) in elements.append(try parser.value(depth: 1))
        }
        return (elements, offsets)
    }

    /// An element of an intraday file: a sample of the usual shape, as the byte ranges of its two
    /// strings, or any other value, parsed.
    enum IntradayElement {
        case sample(dateTime: Range<Int>, value: Range<Int>)
        case other(ExportJSON)
    }

    /// Parses an intraday file (steps, distance, calories: formats.md §1.3), whose elements are nearly
    /// all `{ "dateTime" : "…", "value" : "…" }`: those are kept as byte ranges instead of values (two
    /// strings and an object each, for hundreds of thousands of minutes); any other element is parsed
    /// as `parseArray` parses it. Accepts and refuses exactly the documents `parseArray` does.
    static func parseIntradayArray(_ bytes: [UInt8]) throws(Failure) -> (elements: [IntradayElement], offsets: [Int]) {
        var parser = Parser(bytes: bytes)
        var elements: [IntradayElement] = []
        let offsets = try parser.arrayElements { (parser) throws(Failure) in
            if let sample = parser.intradaySample() {
                elements.append(.sample(dateTime: sample.dateTime, value: sample.value))
            } else {
                elements.append(.other(try parser.value(depth: 1)))
            }
        }
        return (elements, offsets)
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        /// Reads a whole document whose top level is an array, calling `element` at each element's start
        /// (it must consume the element); returns the elements' byte offsets.
        mutating func arrayElements(_ element: (inout Parser) throws(Failure) -> Void) throws(Failure) -> [Int] {
            skipSpace()
            guard peek == UInt8(ascii: "[") else { throw Failure(offset: index, reason: "not a JSON array") }
            index += 1
            var offsets: [Int] = []
            skipSpace()
            if peek == UInt8(ascii: "]") {
                index += 1
            } else {
                while true {
                    skipSpace()
                    offsets.append(index)
                    try element(&self)
                    skipSpace()
                    switch peek {
                    case UInt8(ascii: ","): index += 1
                    case UInt8(ascii: "]"): index += 1
                    default: throw Failure(offset: index, reason: "expected ',' or ']'")
                    }
                    if bytes[index - 1] == UInt8(ascii: "]") { break }
                }
            }
            skipSpace()
            guard index == bytes.count else { throw Failure(offset: index, reason: "text after the array") }
            return offsets
        }

        /// `{ "dateTime" : "…", "value" : "…" }` at `index`, both strings without escapes: their content
        /// ranges, with `index` after the object. Anything else leaves `index` where it was.
        mutating func intradaySample() -> (dateTime: Range<Int>, value: Range<Int>)? {
            let start = index
            guard expect(UInt8(ascii: "{")), let key1 = plainString(), bytes[key1].elementsEqual("dateTime".utf8),
                expect(UInt8(ascii: ":")), let dateTime = plainString(), expect(UInt8(ascii: ",")),
                let key2 = plainString(), bytes[key2].elementsEqual("value".utf8), expect(UInt8(ascii: ":")),
                let value = plainString(), expect(UInt8(ascii: "}"))
            else {
                index = start
                return nil
            }
            return (dateTime, value)
        }

        /// Skips spaces and takes `byte` if it is next.
        private mutating func expect(_ byte: UInt8) -> Bool {
            skipSpace()
            guard peek == byte else { return false }
            index += 1
            return true
        }

        /// The content range of a string with no escape next (after spaces); nil, having moved, otherwise.
        private mutating func plainString() -> Range<Int>? {
            guard expect(UInt8(ascii: "\"")) else { return nil }
            let contentStart = index
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    return contentStart..<(index - 1)
                case UInt8(ascii: "\\"): return nil
                default: index += 1
                }
            }
            return nil
        }

        mutating func value(depth: Int) throws(Failure) -> ExportJSON {
            guard depth < 64 else { throw Failure(offset: index, reason: "nested too deep") }
            skipSpace()
            guard let byte = peek else { throw Failure(offset: index, reason: "unexpected end of the file") }
            switch byte {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, value: ExportJSON)] = []
                skipSpace()
                if peek == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                }
                while true {
                    skipSpace()
                    guard peek == UInt8(ascii: "\"") else {
                        throw Failure(offset: index, reason: "expected a member name")
                    }
                    let key = try string()
                    skipSpace()
                    guard peek == UInt8(ascii: ":") else { throw Failure(offset: index, reason: "expected ':'") }
                    index += 1
                    members.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    switch peek {
                    case UInt8(ascii: ","): index += 1
                    case UInt8(ascii: "}"):
                        index += 1
                        return .object(members)
                    default: throw Failure(offset: index, reason: "expected ',' or '}'")
                    }
                }
            case UInt8(ascii: "["):
                index += 1
                var elements: [ExportJSON] = []
                skipSpace()
                if peek == UInt8(ascii: "]") {
                    index += 1
                    return .array(elements)
                }
                while true {
                    elements.append(try value(depth: depth + 1))
                    skipSpace()
                    switch peek {
                    case UInt8(ascii: ","): index += 1
                    case UInt8(ascii: "]"):
                        index += 1
                        return .array(elements)
                    default: throw Failure(offset: index, reason: "expected ',' or ']'")
                    }
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default:
                let start = index
                while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
                guard index > start,
                    let number = Double(String(decoding: bytes[start..<index], as: UTF8.self))
                else { throw Failure(offset: start, reason: "not a JSON value") }
                return .number(number)
            }
        }

        static func isNumberByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                true
            default: false
            }
        }

        mutating func literal(_ word: StaticString, _ value: ExportJSON) throws(Failure) -> ExportJSON {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else {
                throw Failure(offset: index, reason: "unexpected end of the file")
            }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
                throw Failure(offset: index, reason: "not a JSON value")
            }
            index += count
            return value
        }

        /// A string at `index` (which holds the opening quote), escapes decoded.
        mutating func string() throws(Failure) -> String {
            let start = index
            index += 1
            let contentStart = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let text = String(decoding: bytes[contentStart..<index], as: UTF8.self)
                    index += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { return try escapedString(from: contentStart, start: start) }
                index += 1
            }
            throw Failure(offset: start, reason: "unterminated string")
        }

        private mutating func escapedString(from contentStart: Int, start: Int) throws(Failure) -> String {
            var out = Array(bytes[contentStart..<index])
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return String(decoding: out, as: UTF8.self)
                }
                guard byte == UInt8(ascii: "\\") else {
                    out.append(byte)
                    index += 1
                    continue
                }
                guard index + 1 < bytes.count else { break }
                let escape = bytes[index + 1]
                index += 2
                switch escape {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count,
                        let code = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
                    else { throw Failure(offset: index, reason: "bad \\u escape") }
                    index += 4
                    // Surrogate pairs are not needed by the export's fields; a lone one becomes U+FFFD.
                    let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                    out += Array(String(Character(scalar)).utf8)
                default: throw Failure(offset: index - 1, reason: "bad escape")
                }
            }
            throw Failure(offset: start, reason: "unterminated string")
        }
    }
}
