/// One firing of a rule: what the patient is told, with the rule version and the facts that made it fire, so the
/// advice can be explained later (the store keeps each firing).
public struct AdviceMessage: Sendable, Hashable, Codable {
    /// The rule's id.
    public var ruleId: String
    /// The rule's version when it fired.
    public var ruleVersion: Int
    /// How much it matters.
    public var severity: AdviceSeverity
    /// The text for the patient (unverified statements are marked so).
    public var text: String
    /// The rule's source.
    public var source: RuleSource
    /// The facts that made it fire (`food`, `potassium_mg`, `medication`, `lab_potassium` …).
    public var facts: [String: String]

    /// A message from its parts.
    public init(
        ruleId: String,
        ruleVersion: Int,
        severity: AdviceSeverity,
        text: String,
        source: RuleSource,
        facts: [String: String]
    ) {
        self.ruleId = ruleId
        self.ruleVersion = ruleVersion
        self.severity = severity
        self.text = text
        self.source = source
        self.facts = facts
    }
}
