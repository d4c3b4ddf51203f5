import ArgumentParser
import Care
import CareEngine
import Clinical
import Foundation
import HubCore
import HubStore

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
        @Option(help: "How much, in --unit.") var amount: Double = 1
        @Option(help: "g, oz or a household measure of the food.") var unit = "g"
        @Option(help: "The profile (needed when the store holds several).") var profile: String?
        @Flag(help: "Print JSON.") var json = false

        struct Output: Encodable {
            var check: FoodCheck
            var substitutions: [Substitution]
            var medications: [MedicationMatch]
        }

        func run() async throws {
            let database = try await openNutritionStore(store)
            let stored = try await database.selectProfile(named: profile)
            let found = try await database.resolveFood(food, profileId: stored.id)
            let service = AdviceService(store: database)
            let result: (check: FoodCheck, substitutions: [Substitution])
            do {
                result = try await service.check(
                    food: found,
                    amount: amount,
                    unit: unit,
                    profile: stored,
                    at: currentEpochMilliseconds()
                )
            } catch let error as PortionError {
                throw CommandFailure(error.description)
            } catch let error as ProfileFieldError {
                throw CommandFailure("\(error.reason) (fix it with `kidneyhub profile set --time-zone`)")
            }
            let medications = stored.profile.medications.map { DrugCatalog.standard.match($0.name) }
            if json {
                try printJSON(
                    Output(check: result.check, substitutions: result.substitutions, medications: medications)
                )
                return
            }
            let check = result.check
            print(
                "\(NutrientText.number(amount)) \(unit) \(found.name) (\(NutrientText.number(check.food.grams)) g): "
                    + check.verdict.rawValue.uppercased()
            )
            for line in check.budget { print("- \(line.message.text)") }
            for message in check.interactions {
                print("- [\(message.severity.rawValue)] \(message.text) [source: \(message.source.citation)]")
            }
            if check.budget.isEmpty { print("- No daily limits apply to this profile (set a disease category).") }
            for medication in medications where medication.hasNoInteractionData {
                print("- \(medication.name): \(MedicationMatch.noInteractionData)")
            }
            if !result.substitutions.isEmpty, let subject = check.subjectAtIssue {
                print("Instead (same food group, less \(subject.rawValue), within your other limits; same weight):")
                for (rank, swap) in result.substitutions.enumerated() {
                    let differences = swap.differences.sorted { $0.key < $1.key }.map {
                        "\($0.key) \($0.value >= 0 ? "+" : "")\(NutrientText.number($0.value)) "
                            + NutrientText.unitText(IntakeSubject(rawValue: $0.key)?.unit ?? "")
                    }
                    print("  \(rank + 1). \(swap.food.name): \(differences.joined(separator: ", "))")
                }
            }
        }
    }
}
