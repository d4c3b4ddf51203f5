import Foundation

/// Reading one field's value the way the document's server (Django REST Framework 3.18) reads it, with its messages,
/// so that clients written for it show the same errors.
enum FieldReaders {
    static let required = "This field is required."
    static let notNull = "This field may not be null."

    /// An integer: JSON numbers without a fraction and strings of digits ("8", as the iOS client sends), within
    /// `range` (a PostgreSQL integer's range unless narrower).
    static func integer(
        _ value: JSONValue?,
        in range: ClosedRange<Int64> = Int64(Int32.min)...Int64(Int32.max)
    ) throws(FieldFailure) -> Int32 {
        let invalid = FieldFailure.message("A valid integer is required.")
        let number: Int64
        switch value {
        case nil: throw .message(required)
        case .null: throw .message(notNull)
        case .integer(let n): number = n
        case .number(let d):
            guard d.rounded() == d, let n = Int64(exactly: d) else { throw invalid }
            number = n
        case .string(let text):
            guard text.count <= 1000 else { throw .message("String value too large.") }
            number = try parseIntegerText(text, invalid: invalid)
        default: throw invalid
        }
        guard number <= range.upperBound else {
            throw .message("Ensure this value is less than or equal to \(range.upperBound).")
        }
        guard number >= range.lowerBound else {
            throw .message("Ensure this value is greater than or equal to \(range.lowerBound).")
        }
        return Int32(number)
    }

    /// Digits with an optional sign and an optional `.0…` tail, surrounding spaces allowed (DRF's IntegerField).
    private static func parseIntegerText(_ text: String, invalid: FieldFailure) throws(FieldFailure) -> Int64 {
        var digits = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        if let dot = digits.firstIndex(of: ".") {
            guard digits[digits.index(after: dot)...].allSatisfy({ $0 == "0" }) else { throw invalid }
            digits = digits[..<dot]
        }
        guard let number = Int64(digits) else { throw invalid }
        return number
    }

    /// A yes or no: JSON booleans, 1 and 0, and the words DRF's BooleanField takes ("true", "false", "yes", "no",
    /// "on", "off", "t", "f", "y", "n", "1", "0").
    static func boolean(_ value: JSONValue?) throws(FieldFailure) -> Bool {
        switch value {
        case nil: throw .message(required)
        case .null: throw .message(notNull)
        case .bool(let b): return b
        case .integer(1): return true
        case .integer(0): return false
        case .string(let text):
            let word = text.lowercased()
            if ["t", "y", "yes", "true", "on", "1"].contains(word) { return true }
            if ["f", "n", "no", "false", "off", "0"].contains(word) { return false }
            throw .message("Must be a valid boolean.")
        default: throw .message("Must be a valid boolean.")
        }
    }

    /// Text, trimmed, not blank, at most `maximumCharacters` long (numbers are taken as their text, as DRF does).
    static func text(_ value: JSONValue?, maximumCharacters: Int = 150, trim: Bool = true) throws(FieldFailure)
        -> String
    {
        var text: String
        switch value {
        case nil: throw .message(required)
        case .null: throw .message(notNull)
        case .string(let s): text = s
        case .integer(let n): text = String(n)
        default: throw .message("Not a valid string.")
        }
        if trim { text = text.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard !text.isEmpty else { throw .message("This field may not be blank.") }
        guard text.count <= maximumCharacters else {
            throw .message("Ensure this field has no more than \(maximumCharacters) characters.")
        }
        return text
    }

    /// A list of objects, each read by `item`; errors keyed by the item's index.
    static func list<T>(
        _ value: JSONValue?,
        maximumCount: Int,
        item: (_ fields: [String: JSONValue]) throws(FieldFailure) -> T
    ) throws(FieldFailure) -> [T] {
        guard let value else { throw .message(required) }
        guard case .array(let items) = value else {
            if case .null = value { throw .message(notNull) }
            throw .nested([
                "non_field_errors": .messages(["Expected a list of items but got type \"\(value.typeName)\"."])
            ])
        }
        guard items.count <= maximumCount else {
            throw .message("Ensure this field has no more than \(maximumCount) elements.")
        }
        var read: [T] = []
        var errors: [String: FieldErrors] = [:]
        for (index, element) in items.enumerated() {
            guard case .object(let fields) = element else {
                errors[String(index)] = .nested([
                    "non_field_errors": .messages(["Invalid data. Expected a dictionary, but got \(element.typeName)."])
                ])
                continue
            }
            do {
                read.append(try item(fields))
            } catch {
                switch error {
                case .nested(let nested): errors[String(index)] = .nested(nested)
                case .message(let message): errors[String(index)] = .nested(["non_field_errors": .messages([message])])
                }
            }
        }
        guard errors.isEmpty else { throw .nested(errors) }
        return read
    }
}
