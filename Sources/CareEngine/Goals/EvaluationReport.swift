import HubRecords
import HubStore

/// What one evaluation did.
public struct EvaluationReport: Sendable, Equatable {
    /// Local days whose end was evaluated (the scheduler's catch-up), over every profile.
    public var closedDays: Int = 0
    /// Rewards issued now.
    public var rewards: [StoredReward] = []
    /// Notifications queued now.
    public var notificationsQueued: Int = 0
    /// Reminders that fired.
    public var remindersFired: Int = 0

    /// An empty report.
    public init() {}

    mutating func add(_ write: EvaluationWrite) {
        rewards += write.rewards
        notificationsQueued += write.notificationIds.count
    }

    mutating func add(_ other: EvaluationReport) {
        closedDays += other.closedDays
        rewards += other.rewards
        notificationsQueued += other.notificationsQueued
        remindersFired += other.remindersFired
    }
}
