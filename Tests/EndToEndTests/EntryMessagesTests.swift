import Foundation
import TestSupport
import Testing

/// Issue 21, item 5: `weight add -5 kg` said "The value 'kg' is invalid for '<value>'" and `log food … --amount -2`
/// "Missing value for '--amount'": a negative number was read as an option. Both now name the field and the
/// accepted form.
struct EntryMessagesTests {
    @Test func aNegativeWeightNamesTheWeightAndTheAcceptedForm() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try await workspace.kidneyhub(["weight", "add", "-5", "kg"], runsAdapters: false)
        #expect(result.status != 0)
        #expect(result.stderr.contains("weight: -5 is not a weight (it must be above 0)"), "\(result.stderr)")
        #expect(result.stderr.contains("a positive number and its unit, e.g. `kidneyhub weight add 82.4 kg`"))
        #expect(!result.stderr.contains("<value>") && !result.stderr.contains("is invalid for"))
        let word = try await workspace.kidneyhub(["weight", "add", "heavy", "kg"], runsAdapters: false)
        #expect(word.stderr.contains("weight: 'heavy' is not a number"), "\(word.stderr)")
    }

    @Test func aNegativeFoodAmountNamesTheAmountAndTheAcceptedForm() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // The portion's own check refuses the amount (the command holds no rule), once the store takes entries.
        try await workspace.acceptTerms()
        let profile = try await workspace.kidneyhub(
            ["profile", "set", "--name", "Ana", "--time-zone", "Europe/Berlin"],
            runsAdapters: false
        )
        #expect(profile.status == 0, "\(profile.stderr)")
        let result = try await workspace.kidneyhub(
            ["log", "food", "banana, raw", "--amount", "-2", "--meal", "lunch"],
            runsAdapters: false
        )
        #expect(result.status != 0)
        #expect(result.stderr.contains("--amount: -2 is not a positive number"), "\(result.stderr)")
        #expect(result.stderr.contains("give how much in --unit, e.g. --amount 1.5 --unit cup"))
        #expect(!result.stderr.contains("Missing value for '--amount'"))
    }
}
