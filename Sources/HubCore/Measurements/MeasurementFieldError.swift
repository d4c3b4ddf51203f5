/// Why one measurement record was refused: the field at fault and a reason naming what is accepted.
///
/// These become the `errors` entries of the `-32602 Invalid measurement records` answer (adapter-protocol.md §5.4).
public struct MeasurementFieldError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The dotted field name, for example `unit`, `components.systolic`, `context.mealRelation`.
    public let field: String
    /// What was wrong and what is accepted, for example "unit 'mmol/L' does not fit kind 'body_weight' (accepted: kg, ...)".
    public let reason: String
    /// The same as data, where a front end writes it in the person's language (nil: only `reason` says it).
    public let problem: FieldProblem?

    /// An error for a field.
    public init(field: String, reason: String, problem: FieldProblem? = nil) {
        self.field = field
        self.reason = reason
        self.problem = problem
    }

    /// `field: reason`.
    public var description: String { "\(field): \(reason)" }
}
