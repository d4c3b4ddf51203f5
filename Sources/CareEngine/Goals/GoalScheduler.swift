import HubCore
import Logging

/// Runs the engine on time: at start (catching up on everything missed while the hub was off), then every minute
/// (reminders) and so at each local end of day, week and month. The engine's persisted last closed day makes each
/// period evaluated exactly once however often or late this runs.
public struct GoalScheduler: Sendable {
    /// How often the scheduler wakes: reminders are minute-grained.
    public static let tick: Int64 = 60_000

    private let engine: GoalEngine
    private let dispatcher: NotificationDispatcher?
    private let clock: any HubClock
    private let onPass: @Sendable (EvaluationReport) -> Void
    private let afterEvaluation: (@Sendable (Int64) async -> Void)?
    private let logger = Logger(label: "kidneyhub.scheduler")

    /// A scheduler; `onPass` hears each pass's report (tests wait on it).
    public init(
        engine: GoalEngine,
        dispatcher: NotificationDispatcher?,
        clock: any HubClock,
        onPass: @escaping @Sendable (EvaluationReport) -> Void = { _ in },
        afterEvaluation: (@Sendable (Int64) async -> Void)? = nil
    ) {
        self.afterEvaluation = afterEvaluation
        self.engine = engine
        self.dispatcher = dispatcher
        self.clock = clock
        self.onPass = onPass
    }

    /// Evaluates now and at every tick until the task is cancelled.
    public func run() async {
        while !Task.isCancelled {
            let now = clock.now()
            var report = EvaluationReport()
            do {
                report = try await engine.evaluate(at: now)
                if report.closedDays > 0 || !report.rewards.isEmpty {
                    logger.notice("evaluated \(report.closedDays) day(s): \(report.rewards.count) reward(s)")
                }
            } catch {
                logger.error("evaluation failed: \(error)")
            }
            // Other month-end work (issue 10's report cards) runs on the same clock, before pushing.
            if let afterEvaluation { await afterEvaluation(now) }
            if let dispatcher { _ = await dispatcher.deliverDue(at: now) }
            onPass(report)
            // The next whole minute after now.
            let next = (now / Self.tick + 1) * Self.tick
            do { try await clock.sleep(until: next) } catch { return }
        }
    }
}
