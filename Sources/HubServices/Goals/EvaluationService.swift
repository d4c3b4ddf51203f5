import CareEngine
import HubRecords
import HubStore

/// What the scheduler runs at each end of day, week and month, run on demand.
public struct EvaluationService: Sendable {
    let app: HubApplication

    /// What an evaluation did.
    public struct Summary: Sendable, Equatable, Encodable {
        /// Local days closed (each once, ever).
        public var closedDays: Int
        /// Rewards earned by the closed periods.
        public var rewards: [StoredReward]
        /// Notifications queued (progress, rewards, alerts).
        public var notificationsQueued: Int
        /// Reminders that fired.
        public var remindersFired: Int
        /// Notifications pushed (desktop, command).
        public var notificationsPushed: Int
    }

    /// Evaluates every period that ended since the last evaluation (exactly once; again changes nothing), fires the
    /// reminders due, then pushes what became due; at `atMs`, or now when nil.
    public func evaluate(at atMs: Int64? = nil) async throws -> Summary {
        let atMs = atMs ?? app.now()
        let report = try await GoalEngine(store: app.store).evaluate(at: atMs)
        let pushed = await app.notificationDispatcher().deliverDue(at: atMs)
        return Summary(
            closedDays: report.closedDays,
            rewards: report.rewards,
            notificationsQueued: report.notificationsQueued,
            remindersFired: report.remindersFired,
            notificationsPushed: pushed
        )
    }
}

extension HubApplication {
    /// Evaluating what is due.
    public var evaluation: EvaluationService { EvaluationService(app: self) }
}
