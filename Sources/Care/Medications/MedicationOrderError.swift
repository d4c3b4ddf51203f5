/// An order, dose or timing that cannot be accepted: the field's path (`dosage[0].timing.periodUnit`) and why.
public struct MedicationOrderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field, as a path into the order.
    public let field: String
    /// What was wrong and what is accepted.
    public let reason: String

    /// An error for a field.
    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }

    /// `field: reason`.
    public var description: String { "\(field): \(reason)" }
}
