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
    public func text() -> String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case let .object(members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                out += CompactJSON.quoted(key) + ":"
                value.write(to: &out)
            }
            out += "}"
        case let .array(items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case let .string(text): out += CompactJSON.quoted(text)
        case let .number(value):
            // FHIR decimals keep their precision as written; a whole number prints without ".0".
            if let whole = Int64(exactly: value) { out += String(whole) } else { out += "\(value)" }
        case let .integer(value): out += String(value)
        case let .bool(value): out += value ? "true" : "false"
        }
    }
}
