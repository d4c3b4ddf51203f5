/// The sync endpoint's JSON reader and writer: a Bundle of a thousand resources is read into `JSONValue` in one pass
/// over its bytes, and each resource written back as compact text for its `jsonb` column, without Foundation's
/// `JSONDecoder` (whose `JSONValue` decoding tries each type in turn, throwing on every miss) or a `JSONEncoder` per
/// resource. The profile of a sync showed those two as most of the server's time (docs/benchmarks.md).
enum SyncJSON {
    /// Why a body is not JSON: the byte offset where reading stopped.
    struct Malformed: Error {
        let offset: Int
    }

    /// Nesting deeper than this is refused (a FHIR resource is a few levels deep; a hostile body is not read into
    /// the stack's limit).
    static let maximumDepth = 64

    /// Reads `bytes` (RFC 8259 JSON, UTF-8) whole; throws when anything is left over or malformed.
    static func parse(_ bytes: [UInt8]) throws(Malformed) -> JSONValue {
        var reader = Reader(bytes: bytes)
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == bytes.count else { throw Malformed(offset: reader.index) }
        return value
    }

    /// `value` as compact JSON text (object members in sorted key order, so equal values give equal text).
    static func text(_ value: JSONValue) -> String {
        var out = ""
        out.reserveCapacity(512)
        write(value, to: &out)
        return out
    }

    private static func write(_ value: JSONValue, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .integer(let number): out += String(number)
        case .number(let number):
            // JSON has no NaN or infinity; the reader never makes them.
            out += number.isFinite ? "\(number)" : "null"
        case .string(let text): quote(text, to: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                write(item, to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                quote(key, to: &out)
                out += ":"
                write(members[key]!, to: &out)
            }
            out += "}"
        }
    }

    private static func quote(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// A cursor over the body's bytes.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws(Malformed) -> JSONValue {
            guard depth < SyncJSON.maximumDepth else { throw Malformed(offset: index) }
            skipSpace()
            guard index < bytes.count else { throw Malformed(offset: index) }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: return try number()
            }
        }

        private mutating func literal(_ word: StaticString) throws(Malformed) {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { throw Malformed(offset: index) }
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
            for offset in 0..<count where bytes[index + offset] != expected[offset] {
                throw Malformed(offset: index + offset)
            }
            index += count
        }

        private mutating func object(depth: Int) throws(Malformed) -> JSONValue {
            index += 1
            var members: [String: JSONValue] = [:]
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Malformed(offset: index) }
                let key = try string()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw Malformed(offset: index) }
                index += 1
                members[key] = try value(depth: depth + 1)
                skipSpace()
                guard index < bytes.count else { throw Malformed(offset: index) }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                } else {
                    throw Malformed(offset: index)
                }
            }
        }

        private mutating func array(depth: Int) throws(Malformed) -> JSONValue {
            index += 1
            var items: [JSONValue] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard index < bytes.count else { throw Malformed(offset: index) }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(items)
                } else {
                    throw Malformed(offset: index)
                }
            }
        }

        /// A string from its opening quote; escapes decoded, invalid UTF-8 refused.
        private mutating func string() throws(Malformed) -> String {
            index += 1
            let start = index
            // The common case: no escape, one copy of the bytes.
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
                guard bytes[index] >= 0x20 else { throw Malformed(offset: index) }
                index += 1
            }
            guard index < bytes.count else { throw Malformed(offset: index) }
            var collected = Array(bytes[start..<index])
            while bytes[index] != UInt8(ascii: "\"") {
                // An escape.
                index += 1
                guard index < bytes.count else { throw Malformed(offset: index) }
                switch bytes[index] {
                case UInt8(ascii: "\""): collected.append(0x22)
                case UInt8(ascii: "\\"): collected.append(0x5C)
                case UInt8(ascii: "/"): collected.append(0x2F)
                case UInt8(ascii: "b"): collected.append(0x08)
                case UInt8(ascii: "f"): collected.append(0x0C)
                case UInt8(ascii: "n"): collected.append(0x0A)
                case UInt8(ascii: "r"): collected.append(0x0D)
                case UInt8(ascii: "t"): collected.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        // A surrogate pair: the low half must follow as another \u escape.
                        guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\"),
                            bytes[index + 2] == UInt8(ascii: "u")
                        else { throw Malformed(offset: index) }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw Malformed(offset: index) }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw Malformed(offset: index) }
                    collected.append(contentsOf: Array(String(Character(unicode)).utf8))
                default: throw Malformed(offset: index)
                }
                index += 1
                let runStart = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
                    guard bytes[index] >= 0x20 else { throw Malformed(offset: index) }
                    index += 1
                }
                guard index < bytes.count else { throw Malformed(offset: index) }
                collected.append(contentsOf: bytes[runStart..<index])
            }
            index += 1
            guard let text = String(validating: collected, as: UTF8.self) else { throw Malformed(offset: start) }
            return text
        }

        /// Four hex digits after `\u` (the index on the `u`, left on the last digit).
        private mutating func hex4() throws(Malformed) -> UInt32 {
            guard index + 4 < bytes.count else { throw Malformed(offset: index) }
            var value: UInt32 = 0
            for offset in 1...4 {
                let byte = bytes[index + offset]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw Malformed(offset: index + offset)
                }
                value = value * 16 + digit
            }
            index += 4
            return value
        }

        /// A number as RFC 8259 writes it: an integer when it has no fraction or exponent and fits, else a double.
        private mutating func number() throws(Malformed) -> JSONValue {
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digitsStart = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > digitsStart else { throw Malformed(offset: index) }
            guard bytes[digitsStart] != UInt8(ascii: "0") || index - digitsStart == 1 else {
                throw Malformed(offset: digitsStart)
            }
            var isInteger = true
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                isInteger = false
                index += 1
                let fraction = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    index += 1
                }
                guard index > fraction else { throw Malformed(offset: index) }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                isInteger = false
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                let exponent = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    index += 1
                }
                guard index > exponent else { throw Malformed(offset: index) }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if isInteger, let integer = Int64(text) { return .integer(integer) }
            guard let double = Double(text), double.isFinite else { throw Malformed(offset: start) }
            return .number(double)
        }
    }
}
