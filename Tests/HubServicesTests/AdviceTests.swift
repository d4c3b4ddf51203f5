import Care
import Foundation
import HubCore
import HubRecords
import TestSupport
import Testing

@testable import HubServices

/// Advice, the report card, drug labels, recipes and rewards through the application.
struct AdviceTests {
    @Test func drugLabelsAreImportedOnceAndAResponseThatDoesNotDecodeImportsNothing() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        let labels = world.app.drugLabels
        await #expect(throws: OpenFDALabelError.self) {
            _ = try await labels.importLabels(Data(#"{"results": [{"drug_interactions": "grapefruit"}]}"#.utf8))
        }
        #expect(try await labels.mentions(drug: nil).isEmpty)
        let good = Data(
            #"{"meta": {}, "results": [{"set_id": "s-1", "version": "3", "effective_time": "20250101", "openfda": {"generic_name": ["TACROLIMUS"]}, "drug_interactions": ["7 DRUG INTERACTIONS Avoid grapefruit juice. Other text."]}]}"#
                .utf8
        )
        #expect(try await labels.importLabels(good) == .init(labels: 1, mentions: 1, new: 1))
        #expect(try await labels.importLabels(good).new == 0)
        #expect(try await labels.mentions(drug: "tacrolimus").map(\.term) == ["grapefruit"])
    }

    @Test func theReportCardRefusesABadMonthAndIsStoredOnceBuilt() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        await #expect(
            throws: CareServiceError.month(reason: "'2026-13' is not a month: use YYYY-MM, for example 2026-11")
        ) {
            _ = try await world.app.advice.reportCard(month: "2026-13", profile: nil, rebuild: false)
        }
        let built = try await world.app.advice.reportCard(month: "2026-11", profile: nil, rebuild: false)
        #expect(try await world.app.advice.reportCard(month: "2026-11", profile: nil, rebuild: false) == built)
    }

    @Test func theMatrixHasARowPerLimitAndTheHistoryRecordsAPortionCheck() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        let matrix = try await world.app.advice.matrix(profile: nil)
        #expect(!matrix.matrix.rows.isEmpty)
        let check = try await world.app.foods.check("banana raw", amount: 1, unit: "medium", profile: nil)
        #expect(check.food.name.lowercased().contains("banana"))
        #expect(!check.check.budget.isEmpty)
        #expect(check.medications.map(\.name) == ["sevelamer carbonate", "amlodipine"])
        #expect(try await !world.app.advice.history(profile: nil).isEmpty)
    }

    @Test func aRecipeIsSavedShownListedAndEdited() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        let recipes = world.app.recipes
        let saved = try await recipes.add(
            name: "Banana bowl",
            ingredients: [IngredientInput(food: "banana raw", amount: 100, unit: "g")],
            servings: 2
        )
        #expect(saved.recipe.servingGrams == 50)
        #expect(try await recipes.show("Banana bowl") == saved)
        #expect(try await recipes.list().map(\.food.id) == [saved.food.id])
        let edited = try await recipes.edit("Banana bowl", newName: nil, ingredients: nil, servings: 4)
        #expect(edited.recipe.servingGrams == 25)
        #expect(try await world.app.rewards.list(profile: nil).totalPoints == 0)
    }
}
