/// A personal goal of one profile: what it asks, how often it is assessed and how much it matters.
///
/// Progress is never part of a goal: it is computed from the data each time (`GoalAssessor`).
public struct Goal: Sendable, Hashable, Codable {
    /// The goal's row id; stays the same when the goal is edited, so its rewards stay keyed to it.
    public var id: Int64
    /// The profile it belongs to.
    public var profileId: Int64
    /// What it asks for.
    public var kind: GoalKind
    /// How often it is assessed.
    public var period: GoalPeriod
    /// 1 is the most important; `goals list` sorts by it.
    public var priority: Int
    /// The template it was made from, if any (`hd-idwg`, ...).
    public var templateId: String?
    /// When it was added (UTC epoch ms); periods that ended before it are never assessed.
    public var createdAtMs: Int64
    /// When it was removed, if it was; periods that end after it are no longer assessed.
    public var removedAtMs: Int64?

    /// A goal from its parts.
    public init(
        id: Int64,
        profileId: Int64,
        kind: GoalKind,
        period: GoalPeriod,
        priority: Int,
        templateId: String? = nil,
        createdAtMs: Int64,
        removedAtMs: Int64? = nil
    ) {
        self.id = id
        self.profileId = profileId
        self.kind = kind
        self.period = period
        self.priority = priority
        self.templateId = templateId
        self.createdAtMs = createdAtMs
        self.removedAtMs = removedAtMs
    }

    /// True when the goal was active for some part of a window that ends at `windowEndMs` (exclusive).
    public func isActive(forWindowEndingAt windowEndMs: Int64, startingAt windowStartMs: Int64) -> Bool {
        createdAtMs < windowEndMs && (removedAtMs.map { $0 > windowStartMs } ?? true)
    }
}
