/// A goal offered to patients of some disease categories, with its cited target; the user picks and adjusts it.
public struct GoalTemplate: Sendable, Hashable {
    /// The stable id used on the command line (`goals add --template hd-idwg`).
    public let id: String
    /// What the goal asks, in words.
    public let title: String
    /// The goal with its default target.
    public let kind: GoalKind
    /// How often it is assessed by default.
    public let period: GoalPeriod
    /// Where the target comes from (guideline and section, or the research note with its reference key).
    public let source: String

    /// A template from its parts.
    public init(id: String, title: String, kind: GoalKind, period: GoalPeriod, source: String) {
        self.id = id
        self.title = title
        self.kind = kind
        self.period = period
        self.source = source
    }
}
