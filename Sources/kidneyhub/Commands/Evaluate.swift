import ArgumentParser
import Care
import CareEngine
import Foundation
import HubCore
import HubRecords
import HubStore

/// `kidneyhub evaluate [--now TIME]`: runs by hand what the scheduler runs at each end of day, week and month.
struct Evaluate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Evaluate everything due: periods ended since the last evaluation (once each), reminders, pushes.",
        discussion: """
            Catches up on every local day, week and month that ended since the last evaluation, exactly once; \
            running it again changes nothing. --now evaluates as if it were that time (RFC 3339 with offset).
            """
    )
    @OptionGroup var store: StoreOptions
    @Option(help: "Evaluate at this RFC 3339 time instead of now.") var now: String?
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let database = try openStoreForWriting(store)
        let atMs = try now.map { try parseInstant($0, option: "--now") } ?? currentEpochMilliseconds()
        let report = try await GoalEngine(store: database).evaluate(at: atMs)
        let pushed = await notificationDispatcher(database).deliverDue(at: atMs)
        if json {
            try printJSON(
                ReportJSON(
                    closedDays: report.closedDays,
                    rewards: report.rewards,
                    notificationsQueued: report.notificationsQueued,
                    remindersFired: report.remindersFired,
                    notificationsPushed: pushed
                )
            )
            return
        }
        print(
            "Evaluated \(report.closedDays) day(s): \(report.rewards.count) new reward(s), "
                + "\(report.notificationsQueued) notification(s) queued, \(report.remindersFired) reminder(s), "
                + "\(pushed) pushed."
        )
        for reward in report.rewards {
            print(
                "  +\(reward.points) \(reward.badge) (goal #\(reward.goalId), \(reward.periodKey), \(reward.achievement))"
            )
        }
    }

    private struct ReportJSON: Encodable {
        let closedDays: Int
        let rewards: [StoredReward]
        let notificationsQueued: Int
        let remindersFired: Int
        let notificationsPushed: Int
    }
}
