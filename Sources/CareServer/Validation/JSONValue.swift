/// A request body's value before validation, so that each field's type can be checked and named in the error
/// (a typed `Decodable` would stop at the first wrong type with a message no client can show).
enum JSONValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The Python type name the document's server would print for this value in its messages.
    var typeName: String {
        switch self {
        case .null: "NoneType"
        case .bool: "bool"
        case .integer: "int"
        case .number: "float"
        case .string: "str"
        case .array: "list"
        case .object: "dict"
        }
    }
}
