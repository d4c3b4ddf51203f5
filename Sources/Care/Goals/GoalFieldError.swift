/// A goal, reminder or notification setting that cannot be accepted, naming the field and what was wrong.
public struct GoalFieldError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field, for example `period` or `target.systolic`.
    public let field: String
    /// What was wrong with it and what is accepted.
    public let reason: String

    /// An error for a field.
    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }

    /// `field: reason`.
    public var description: String { "\(field): \(reason)" }
}
