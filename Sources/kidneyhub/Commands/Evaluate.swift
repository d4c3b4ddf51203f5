import ArgumentParser
import Care
import Foundation
import HubCore
import HubRecords
import HubServices

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
        let app = try store.openForWriting()
        let report = try await app.evaluation.evaluate(at: try now.map { try parseInstant($0, option: "--now") })
        let pushed = report.notificationsPushed
        if json {
            try printJSON(report)
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
}
