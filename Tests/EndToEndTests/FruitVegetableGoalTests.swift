import Clinical
import Foundation
import HubCore
import TestSupport
import Testing

/// `kidneyhub goals` with the fruit-and-vegetable goal on the real binary: refused with a high potassium, offered and
/// progressing from the food log with a normal one.
@Suite(.serialized) struct FruitVegetableGoalCommandTests {
    private func run(_ workspace: Workspace, _ arguments: [String]) async throws -> CommandResult {
        try await workspace.kidneyhub(arguments, runsAdapters: false, timeout: .seconds(120))
    }

    /// The UTC date `days` days before now.
    private func daysAgo(_ days: Int64) -> String {
        let day = EpochMilliseconds.now() / 86_400_000 - days
        return CalendarDate(daysSinceEpoch: Int(day)).description
    }

    @Test func refusedWithAHighPotassiumAndAcceptedAndProgressingWithANormalOne() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        let profile = try await run(
            workspace,
            ["profile", "set", "--name", "Ben", "--category", "ckd_g3a", "--time-zone", "UTC"]
        )
        #expect(profile.status == 0, "\(profile.stderr)")

        // No potassium yet: not offered, and typed by hand it is refused.
        let none = try await run(workspace, ["goals", "add", "--kind", "fruit-vegetables", "--cups", "2"])
        #expect(none.status != 0 && none.stderr.contains("no potassium result is recorded"), "\(none.stderr)")

        // 5.6 mmol/L two days ago: refused with the value and its date, from the template and by hand.
        let highDate = daysAgo(2)
        #expect(
            try await run(workspace, ["labs", "add", "potassium", "5.6", "mmol/L", "--date", highDate]).status == 0
        )
        let reason = "your last potassium was 5.6 mmol/L on \(highDate), above 5.0 mmol/L; ask your care team first"
        let templates = try await run(workspace, ["goals", "templates"])
        #expect(templates.stdout.contains("Not offered: fruit-vegetables (\(reason))"), "\(templates.stdout)")
        let refused = try await run(workspace, ["goals", "add", "--template", "fruit-vegetables"])
        #expect(refused.status != 0 && refused.stderr.contains(reason), "\(refused.stderr)")
        let byHand = try await run(workspace, ["goals", "add", "--kind", "fruit-vegetables", "--cups", "2"])
        #expect(byHand.status != 0 && byHand.stderr.contains(reason), "\(byHand.stderr)")
        #expect(try await run(workspace, ["goals", "list"]).stdout.contains("has no goals"))

        // 4.4 mmol/L yesterday: offered and accepted.
        #expect(
            try await run(workspace, ["labs", "add", "potassium", "4.4", "mmol/L", "--date", daysAgo(1)]).status == 0
        )
        let offered = try await run(workspace, ["goals", "templates"])
        #expect(
            offered.stdout.contains("fruit-vegetables") && !offered.stdout.contains("Not offered"),
            "\(offered.stdout)"
        )
        let added = try await run(workspace, ["goals", "add", "--template", "fruit-vegetables"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("2 cups of fruit and vegetables a day, per day"), "\(added.stdout)")

        // Two medium bananas: 236 g / 150 g a cup ("cup, sliced") = 1.6 cups; a medium apple adds 182 / 109 = 1.7.
        let bananas = try await run(
            workspace,
            ["log", "food", "banana, raw", "--amount", "2", "--unit", "medium", "--meal", "breakfast"]
        )
        #expect(bananas.status == 0, "\(bananas.stderr)")
        let half = try await run(workspace, ["goals", "list"])
        #expect(half.stdout.contains("79 %") && half.stdout.contains("1.6 cups"), "\(half.stdout)")
        let apple = try await run(
            workspace,
            ["log", "food", "Apples, raw, with skin", "--amount", "1", "--unit", "medium", "--meal", "snack"]
        )
        #expect(apple.status == 0, "\(apple.stderr)")
        let met = try await run(workspace, ["goals", "list"])
        #expect(met.stdout.contains("met: 3.2 cups"), "\(met.stdout)")
        let rewards = try await run(workspace, ["rewards", "list"])
        #expect(
            rewards.stdout.contains("Colourful plate") && rewards.stdout.contains("Total: 10 points"),
            "\(rewards.stdout)"
        )
    }
}
