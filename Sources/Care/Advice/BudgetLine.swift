/// One limited subject in a food check: the portion's amount against what is left today.
public struct BudgetLine: Sendable, Equatable, Codable {
    /// The subject.
    public var subject: IntakeSubject
    /// The UCUM unit.
    public var unit: String
    /// The portion's amount; nil when unknown.
    public var portion: Double?
    /// Eaten today so far (known parts).
    public var eatenToday: Double
    /// The day's maximum.
    public var maximum: Double
    /// What is left today (never below 0).
    public var remaining: Double
    /// The portion as a percentage of what is left; nil when unknown or nothing is left.
    public var percentOfRemaining: Double?
    /// The lab that matters for it, when there is one.
    public var lab: LabStanding?
    /// The rule that judged it, with the numbers.
    public var message: AdviceMessage
}
