import CareEngine
import HubCore

extension HubApplication {
    /// Runs the care work that is due on time until the task is cancelled: goals, rewards and reminders at each end
    /// of day, week and month in each profile's time zone (catching up once on what passed while nothing ran), the
    /// month's report cards, and the pushes that became due. `onPass` hears each pass's count of closed days.
    public func runSchedule(onPass: @escaping @Sendable (_ closedDays: Int) -> Void = { _ in }) async {
        let store = store
        await GoalScheduler(
            engine: GoalEngine(store: store),
            dispatcher: notificationDispatcher(),
            clock: clock,
            onPass: { onPass($0.closedDays) },
            afterEvaluation: { now in await ReportCardService(store: store).closedMonths(at: now) }
        ).run()
    }
}
