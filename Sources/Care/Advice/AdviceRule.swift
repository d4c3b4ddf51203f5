/// One rule as data: what it is called, its version, how much it matters, its message and its source.
///
/// A rule's condition lives beside it (an interaction's drugs and food trigger, a budget's threshold); the message
/// here is the fixed part, the firing adds the numbers. Changing a rule's text or threshold means a new version, so a
/// recorded firing can be explained with the rule as it was.
public struct AdviceRule: Sendable, Hashable, Codable, Identifiable {
    /// A stable id, for example `fdi-08-tacrolimus-grapefruit`.
    public let id: String
    /// Bumped whenever the condition or message changes.
    public let version: Int
    /// How much a firing matters.
    public let severity: AdviceSeverity
    /// The fixed part of the message.
    public let message: String
    /// Where it comes from.
    public let source: RuleSource

    /// A rule from its parts.
    public init(id: String, version: Int, severity: AdviceSeverity, message: String, source: RuleSource) {
        self.id = id
        self.version = version
        self.severity = severity
        self.message = message
        self.source = source
    }

    /// A firing of this rule: its message with `detail` after it, and the facts that made it fire.
    public func fire(detail: String = "", facts: [String: String]) -> AdviceMessage {
        let base = source.verification == .unverified ? RuleSource.unverifiedPrefix + message : message
        return AdviceMessage(
            ruleId: id,
            ruleVersion: version,
            severity: severity,
            text: detail.isEmpty ? base : "\(base) \(detail)",
            source: source,
            facts: facts
        )
    }
}
