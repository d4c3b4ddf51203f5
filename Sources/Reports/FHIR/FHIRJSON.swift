import HubRecords
import HubStore

/// A JSON value with object keys in the order they were given, so an export is byte-for-byte repeatable.
public indirect enum FHIRJSON: Sendable, Equatable {
    case object([(String, FHIRJSON)])
    case array([FHIRJSON])
    case string(String)
    case number(Double)
    case integer(Int64)
    case bool(Bool)

    public static func == (lhs: FHIRJSON, rhs: FHIRJSON) -> Bool { lhs.text() == rhs.text() }

    /// Compact JSON text.
    public func text() -> String { String(decoding: bytes(), as: UTF8.self) }

    /// Compact JSON text as UTF-8 bytes, written into one buffer (the care-team sync sends these; building a
    /// String of small Strings per key cost more than the rest of writing a Bundle).
    public func bytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(to: &out)
        return out
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case let .object(members):
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                CompactJSON.appendString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        case let .array(items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case let .string(text): CompactJSON.appendString(text, to: &out)
        case let .number(value):
            // FHIR decimals keep their precision as written; a whole number prints without ".0".
            if let whole = Int64(exactly: value) {
                out.append(contentsOf: String(whole).utf8)
            } else {
                out.append(contentsOf: value.description.utf8)
            }
        case let .integer(value): out.append(contentsOf: String(value).utf8)
        case let .bool(value): out.append(contentsOf: (value ? "true" : "false").utf8)
        }
    }
}
