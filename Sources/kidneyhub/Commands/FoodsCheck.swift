import ArgumentParser
import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

extension Foods {
    /// `kidneyhub foods check FOOD --amount N --unit U`: does this portion fit what is left today, and why.
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check whether a portion fits what is left of today's budget, with reasons and swaps.",
            discussion: """
                Example: kidneyhub foods check "orange juice" --amount 1 --unit cup. Each limit shows the portion's \
                amount, its share of what is left today and the last relevant lab; interactions with your \
                medications are listed with their source. Every firing is recorded (`kidneyhub advice --history`).
                """
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The food: its name (or enough of it), or #ID.") var food: String
        @Option(help: "How much, in --unit (default 1).") var amount: Double?
        @Option(help: "g, oz or a household measure of the food (default: its usual household measure).")
        var unit: String?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let app = try store.openForWriting()
            let result = try await withFoodChoice(food) {
                try await app.foods.check($0, amount: amount, unit: unit, profile: profile)
            }
            let found = result.food
            let medications = result.medications
            if json {
                try printJSON(result)
                return
            }
            let check = result.check
            print(
                wrapped(
                    "\(NutrientText.number(result.portion.amount)) \(UnitDisplayName.text(result.portion.unit)) "
                        + "\(found.name) "
                        + "(\(NutrientText.number(check.food.grams)) g): "
                        + check.verdict.rawValue.uppercased()
                )
            )
            for line in check.budget { print(wrapped("- \(line.message.text)")) }
            for message in check.interactions {
                print(wrapped("- [\(message.severity.rawValue)] \(message.text) [source: \(message.source.citation)]"))
            }
            if check.budget.isEmpty { print("- No daily limits apply to this profile (set a disease category).") }
            for medication in medications where medication.hasNoInteractionData {
                print("- \(medication.name): \(MedicationMatch.noInteractionData)")
            }
            if !result.substitutions.isEmpty, let subject = check.subjectAtIssue {
                print("Instead (less \(subject.rawValue), within your other limits):")
                for (rank, swap) in result.substitutions.enumerated() {
                    let differences = swap.differences.sorted { $0.key < $1.key }.compactMap { key, value -> String? in
                        guard abs(value) >= 0.05 else { return nil }
                        let unit = NutrientText.unitText(IntakeSubject(rawValue: key)?.unit ?? "")
                        return "\(NutrientText.number(abs(value))) \(unit) \(value < 0 ? "less" : "more") \(key)"
                    }
                    let what =
                        swap.smallerPortion
                        ? "a smaller portion, \(NutrientText.number(swap.food.grams)) g of \(swap.food.name)"
                        : "\(swap.food.name) (\(NutrientText.number(swap.food.grams)) g)"
                    print(wrapped("  \(rank + 1). \(what): \(differences.joined(separator: ", "))", indent: "     "))
                }
            }
        }
    }
}
