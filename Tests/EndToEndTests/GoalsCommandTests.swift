import Care
import Foundation
import HubCore
import TestSupport
import Testing

/// `kidneyhub goals|evaluate|rewards|notifications|reminders` on the real binary.
@Suite(.serialized) struct GoalsCommandTests {
    private func run(_ workspace: Workspace, _ arguments: [String]) async throws -> CommandResult {
        try await workspace.kidneyhub(arguments, runsAdapters: false, timeout: .seconds(60))
    }

    @Test func aGoalMetTodayIsRewardedOnceAtTheDaysEndAndShowsInTheFeed() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        #expect(try await run(workspace, ["terms", "accept"]).status == 0)
        let profile = try await run(
            workspace,
            [
                "profile", "set", "--name", "Ana", "--category", "hemodialysis", "--schedule",
                "mon,wed,fri 08:00-12:00",
                "--dry-weight", "70", "--time-zone", "UTC",
            ]
        )
        #expect(profile.status == 0, "\(profile.stderr)")
        let templates = try await run(workspace, ["goals", "templates"])
        #expect(templates.stdout.contains("hd-idwg") && templates.stdout.contains("KDOQI 2005"), "\(templates.stdout)")
        let bad = try await run(workspace, ["goals", "add", "--kind", "lab", "--lab", "potasium", "--low", "3.5"])
        #expect(bad.status != 0 && bad.stderr.contains("'potasium' is not a known lab"), "\(bad.stderr)")

        // A daily blood-pressure goal, met by one reading taken a minute ago.
        let now = EpochMilliseconds.now()
        let taken = now - 60_000
        let add = try await run(
            workspace,
            ["goals", "add", "--kind", "blood-pressure", "--systolic", "140", "--diastolic", "90", "--period", "day"]
        )
        #expect(add.status == 0, "\(add.stderr)")
        let entry = try await run(
            workspace,
            // On hemodialysis the goal counts pre-dialysis readings only (issue 17, item 3).
            [
                "bp", "add", "128/82", "--phase", "pre", "--at",
                RFC3339.format(epochMilliseconds: taken, utcOffsetSeconds: 0),
            ]
        )
        #expect(entry.status == 0, "\(entry.stderr)")
        let list = try await run(workspace, ["goals", "list"])
        // The detail column wraps under itself to keep the table within 100 columns: compare the words.
        let words = list.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("met: pre-dialysis mean 128/82 mmHg over 1 reading"), "\(list.stdout)")

        // Just after that day's end (UTC): one reward, and evaluating again adds nothing.
        let dayEnd = (taken / 86_400_000 + 1) * 86_400_000
        let at = RFC3339.format(epochMilliseconds: dayEnd + 30 * 60_000, utcOffsetSeconds: 0)
        let first = try await run(workspace, ["evaluate", "--now", at])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stdout.contains("1 new reward(s)") && first.stdout.contains("Pressure in check"),
            "\(first.stdout)"
        )
        let second = try await run(workspace, ["evaluate", "--now", at])
        #expect(second.stdout.contains("Evaluated 0 day(s): 0 new reward(s)"), "\(second.stdout)")
        let rewards = try await run(workspace, ["rewards", "list"])
        #expect(rewards.stdout.contains("Total: 10 points"), "\(rewards.stdout)")

        let unread = try await run(workspace, ["notifications", "list", "--unread"])
        #expect(unread.stdout.contains("Pressure in check: +10 points"), "\(unread.stdout)")
        #expect(try await run(workspace, ["notifications", "read", "--all"]).stdout.contains("Marked 1"))
        #expect(try await run(workspace, ["notifications", "list", "--unread"]).stdout.contains("No unread"))

        let settings = try await run(
            workspace,
            ["notifications", "settings", "--disable", "progress", "--quiet-hours", "22:00-07:00"]
        )
        #expect(settings.stdout.contains("progress: off") && settings.stdout.contains("quiet hours: 22:00-07:00"))
        let relative = try await run(workspace, ["notifications", "settings", "--command", "notify-send"])
        #expect(relative.status != 0 && relative.stderr.contains("absolute path"), "\(relative.stderr)")
        // A program that is not there is refused when set, naming it (issue 21), and nothing is stored.
        let missing = try await run(
            workspace,
            ["notifications", "settings", "--command", "/usr/local/bin/no-such-notifier"]
        )
        #expect(missing.status != 0, "\(missing.stdout)")
        #expect(
            missing.stderr.contains("/usr/local/bin/no-such-notifier is not an executable file"),
            "\(missing.stderr)"
        )
        #expect(!(try await run(workspace, ["notifications", "settings"])).stdout.contains("no-such-notifier"))
        let existing = try await run(workspace, ["notifications", "settings", "--command", "/bin/true"])
        #expect(existing.status == 0, "\(existing.stderr)")

        let reminder = try await run(
            workspace,
            ["reminders", "add", "--medication", "sevelamer", "--window", "08:00-09:00"]
        )
        #expect(reminder.status != 0 && reminder.stderr.contains("has no medication 'sevelamer'"), "\(reminder.stderr)")
        let weighing = try await run(
            workspace,
            ["reminders", "add", "--weighing", "--window", "06:30-08:00", "--dialysis-days", "--spacing", "20"]
        )
        #expect(weighing.status == 0, "\(weighing.stderr)")
        let answered = try await run(workspace, ["reminders", "answer", "1", "already-taken"])
        #expect(answered.stdout.contains("15 min into its window"), "\(answered.stdout)")
    }
}
