/// Validation errors shaped as the document's server (Django REST Framework) shapes them: a field's messages as a
/// list, a nested object's or list item's errors as an object keyed by field name or item index.
indirect enum FieldErrors: Sendable, Equatable, Encodable {
    case messages([String])
    case nested([String: FieldErrors])

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .messages(let messages): try container.encode(messages)
        case .nested(let fields): try container.encode(fields)
        }
    }
}

/// Collects the errors of one object's fields while it is read.
struct FieldErrorCollector {
    private(set) var fields: [String: FieldErrors] = [:]

    var isEmpty: Bool { fields.isEmpty }

    mutating func add(_ field: String, _ message: String) {
        if case .messages(let existing) = fields[field] {
            fields[field] = .messages(existing + [message])
        } else {
            fields[field] = .messages([message])
        }
    }

    mutating func add(_ field: String, nested: [String: FieldErrors]) {
        fields[field] = .nested(nested)
    }

    /// Runs `read`, recording its validation failure under `field`; nil when it failed.
    mutating func read<T>(_ field: String, _ read: () throws(FieldFailure) -> T) -> T? {
        do {
            return try read()
        } catch {
            switch error {
            case .message(let message): add(field, message)
            case .nested(let nested): add(field, nested: nested)
            }
            return nil
        }
    }
}

/// Why one field's value was refused.
enum FieldFailure: Error {
    case message(String)
    case nested([String: FieldErrors])
}
