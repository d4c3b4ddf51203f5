import Care
import Clinical
import HubCore
import HubRecords
import HubStore
import TestSupport
import Testing

@testable import HubServices

/// The foods and intake services: the first-use import, custom foods, the log and what runs after an entry.
struct IntakeTests {
    @Test func theShippedFoodDatabaseIsImportedOnFirstUse() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        #expect(try await !world.app.store.hasFoodDatabase())
        let hits = try await world.app.foods.search("banana raw", profile: nil, limit: 5)
        #expect(hits.contains { $0.food.name.lowercased().contains("banana") })
        // A second use finds it there and imports nothing again.
        try await world.app.foods.ensureFoodDatabase()
        #expect(try await world.app.foods.show("#\(hits[0].food.id)", profile: nil) == hits[0].food)
    }

    @Test func aCustomFoodIsRefusedWithEveryProblemOrStoredPer100Grams() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        let refused = FoodsService.CustomFood(
            name: " ",
            basis: .perServing,
            servingGrams: nil,
            isLiquid: false,
            amounts: [.protein: 150]
        )
        await #expect(
            throws: CareServiceError.foodNotStored(problems: [
                "the name must be 1 to 200 characters", "--per serving needs --serving-grams",
                "--protein would be more than 100 g per 100 g",
            ])
        ) {
            _ = try await world.app.foods.addCustom(refused)
        }
        let paneer = try await world.app.foods.addCustom(
            FoodsService.CustomFood(
                name: "Paneer",
                basis: .perServing,
                servingGrams: 50,
                isLiquid: false,
                amounts: [.protein: 10, .potassium: 50]
            )
        )
        #expect(paneer.facts.per100Grams[.protein] == 20)
        #expect(paneer.facts.per100Grams[.potassium] == 100)
    }

    @Test func aDrinkOverTheFluidLimitIsLoggedAdvisedAndPostedInOrder() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        // Hemodialysis: urine output + 1,000 mL a day.
        _ = try await world.app.intake.setUrineOutput(millilitersPerDay: 0, note: "test", profile: nil)
        let small = try await world.app.intake.logFluid(
            amount: 250,
            unit: "mL",
            what: "water",
            at: CareWorld.now,
            profile: nil
        )
        #expect(small.entry.fluidMilliliters == 250)
        let large = try await world.app.intake.logFluid(
            amount: 1,
            unit: "L",
            what: "water",
            at: CareWorld.now,
            profile: nil
        )
        #expect(large.advice.contains { $0.facts["subject"] == "fluid" })
        let notifications = try await world.app.notifications.list(profile: nil, unreadOnly: true, limit: 10)
        #expect(notifications.contains { $0.type == .alert })

        let day = try await world.app.intake.day(.today, profile: nil)
        #expect(day.entries.map(\.id) == [small.entry.id, large.entry.id])
        #expect(day.intake.fluidMilliliters == 1250)
        #expect(day.over == [.fluid])
        #expect(!day.needsDiseaseCategory)
    }

    @Test func editingAndDeletingAnEntryChangesTheDay() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        let logged = try await world.app.intake.logFluid(
            amount: 200,
            unit: "mL",
            what: "tea",
            at: CareWorld.now,
            profile: nil
        )
        let edited = try await world.app.intake.edit(
            id: logged.entry.id,
            amount: 300,
            unit: nil,
            meal: nil,
            at: nil,
            profile: nil
        )
        #expect(edited.fluidMilliliters == 300)
        #expect(try await world.app.intake.day(.today, profile: nil).intake.fluidMilliliters == 300)
        _ = try await world.app.intake.delete(id: logged.entry.id, profile: nil)
        #expect(try await world.app.intake.entries(on: .today, profile: nil).entries.isEmpty)
        #expect(try await world.app.intake.day(.today, profile: nil).intake.fluidMilliliters == 0)
        // Both changes are recorded with the old value (issue 17, item 4).
        let (_, changes) = try await world.app.corrections.list(profile: nil)
        #expect(changes.map(\.action) == [.delete, .edit] && changes.allSatisfy { $0.entry == .intake })
        #expect(changes.last?.oldValue.contains("\"amount\":200") == true)
        #expect(changes.last?.newValue?.contains("\"amount\":300") == true)
        #expect(changes.first?.oldValue.contains("\"amount\":300") == true)
        // A missing id changes nothing and records nothing.
        await #expect(throws: (any Error).self) {
            _ = try await world.app.intake.delete(id: logged.entry.id, profile: nil)
        }
        #expect(try await world.app.corrections.list(profile: nil).1.count == 2)
    }
}
