import Care
import Clinical
import FoodData
import Foundation
import GRDB
import HubCore
import HubRecords
import HubStore
import TestSupport
import Testing

/// The shipped USDA database, read once for all tests.
private let shippedFoods = Result { () throws(FoodDataError) -> USDAFoodDatabase in try ShippedFoodDatabase.load() }

/// Where the imported template store lives for the test process.
private let templateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "kidneyhub-tests-foods-\(UUID().uuidString)"
)

/// One store with the USDA foods imported, made once per test process; each test works on a copy of its file, so
/// the import (the costliest step) runs once rather than beside every other suite's timing-sensitive tests.
private actor ImportedTemplate {
    static let shared = ImportedTemplate()
    private var path: String?

    func file() async throws -> String {
        if let path { return path }
        let file = templateDirectory.appendingPathComponent("template.sqlite").path
        // Removed when the test process exits (a C callback: it may use only globals).
        atexit { try? FileManager.default.removeItem(at: templateDirectory) }
        let store = try HubDatabase.open(atPath: file)
        try await store.importFoodDatabase(try shippedFoods.get(), atMs: 1)
        // Everything into the main file, so copying that one file copies the store.
        try await store.pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        path = file
        return file
    }
}

/// A fresh store with the USDA foods imported, the terms accepted and one profile.
private func withFoodStore<T>(_ body: (HubDatabase, StoredProfile) async throws -> T) async throws -> T {
    let template = try await ImportedTemplate.shared.file()
    return try await withTemporaryDirectory { directory in
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("db.sqlite").path
        try FileManager.default.copyItem(atPath: template, toPath: file)
        let store = try HubDatabase.open(atPath: file)
        try await store.acceptTerms(version: TermsOfService.current.version, atMs: 2)
        let profile = try await store.saveProfile(
            PatientProfile(
                name: "Ana",
                diseaseCategory: .hemodialysis,
                dryWeightKilograms: 70,
                timeZoneIdentifier: "Europe/Berlin"
            ),
            id: nil,
            atMs: 3
        )
        return try await body(store, profile)
    }
}

/// 2026-11-20 12:00 in Berlin (UTC+1).
private let noon = RFC3339Timestamp(epochMilliseconds: 1_795_172_400_000, utcOffsetSeconds: 3600)

/// Import, search, custom foods, recipes and the intake log in a real store.
@Suite(.serialized) struct NutritionStoreTests {
    @Test func theUSDADatabaseIsImportedWithUnknownValuesKeptUnknown() async throws {
        try await withFoodStore { store, _ in
            #expect(try await store.foodCount(source: .usda) == 8789)
            #expect(try await store.importFoodDatabase(try shippedFoods.get(), atMs: 5) == 0)  // once only
            #expect(try await store.foodCount() == 8789)
            let banana = try await store.food(ndb: "09040")
            #expect(banana.name == "Bananas, raw")
            #expect(banana.facts.per100Grams[.potassium] == 358)
            #expect(banana.facts.per100Grams[.phosphorus] == 22)
            #expect(
                banana.facts.measures.contains(
                    HouseholdMeasure(amount: 1, description: "medium (7\" to 7-7/8\" long)", grams: 118)
                )
            )
            // nutrition.md §1.4: 8,210 of 8,789 foods have phosphorus and 8,363 potassium; the rest are NULL, not 0.
            let (noPhosphorus, noPotassium, measures) = try await store.pool.read { db in
                (
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM food WHERE phosphorus IS NULL") ?? -1,
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM food WHERE potassium IS NULL") ?? -1,
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM foodMeasure") ?? -1
                )
            }
            #expect(noPhosphorus == 8789 - 8210)
            #expect(noPotassium == 8789 - 8363)
            #expect(measures == 15_438)
            let withoutPhosphorus = try await store.pool.read { db in
                try Int64.fetchOne(db, sql: "SELECT id FROM food WHERE phosphorus IS NULL ORDER BY id LIMIT 1")
            }
            let unknown = try await store.food(id: try #require(withoutPhosphorus))
            #expect(unknown.facts.per100Grams[.phosphorus] == nil)
            let portion = try Portion(of: unknown.facts, amount: 100, unit: "g")
            #expect(portion.nutrients[.phosphorus] == nil)
            #expect(try await store.food(ndb: "19095").facts.isLiquid)  // vanilla ice cream counts as fluid
            #expect(try await !store.food(ndb: "09040").facts.isLiquid)
        }
    }

    @Test func searchMatchesPrefixesAnyWordOrderAndDiacritics() async throws {
        try await withFoodStore { store, profile in
            let ban = try await store.searchFoods("ban", profileId: profile.id)
            #expect(ban.first?.food.name == "Bananas, raw", "\(ban.map(\.food.name))")
            #expect(ban.count == 10)
            let b = try await store.searchFoods("b", profileId: profile.id)
            #expect(b.count == 10)
            #expect(
                b.allSatisfy { hit in
                    FoodSearchQuery.fold(hit.food.name + " " + hit.food.otherNames).contains { $0.hasPrefix("b") }
                }
            )
            // Word order: "raw banana" finds "Bananas, raw".
            let rawBanana = try await store.searchFoods("raw banana", profileId: profile.id)
            #expect(rawBanana.contains { $0.food.name == "Bananas, raw" }, "\(rawBanana.map(\.food.name))")
            #expect(rawBanana.allSatisfy { $0.food.name.lowercased().contains("raw") })
            // Whole words first: "egg" ranks "Egg, …" above "Eggplant, …".
            let egg = try await store.searchFoods("egg", profileId: profile.id, limit: 20)
            let firstEggplant = egg.firstIndex { $0.food.name.lowercased().hasPrefix("eggplant") } ?? egg.count
            let lastWholeEgg = egg.lastIndex { $0.food.name.hasPrefix("Egg,") } ?? -1
            #expect(lastWholeEgg < firstEggplant, "\(egg.map(\.food.name))")
            // Other names (ComName) are searched: "wolfberries" finds goji berries (NDB 09110).
            #expect(try await store.searchFoods("wolfberr", profileId: nil).contains { $0.food.ndb == "09110" })
            // Diacritics: "crème" finds USDA's "creme", and "creme" finds a user's "Crème fraîche".
            let creme = try await store.searchFoods("crème de menthe", profileId: nil)
            #expect(creme.first?.food.name == "Alcoholic beverage, creme de menthe, 72 proof")
            _ = try await store.addCustomFood(
                FoodFacts(
                    name: "Crème fraîche",
                    per100Grams: NutrientAmounts([.potassium: 80]),
                    measures: [],
                    isLiquid: false
                ),
                atMs: 10
            )
            let fraiche = try await store.searchFoods("creme fra", profileId: nil)
            #expect(fraiche.first?.food.name == "Crème fraîche", "\(fraiche.map(\.food.name))")
            #expect(try await store.searchFoods("zzzqqq", profileId: nil).isEmpty)
        }
    }

    @Test func historyAndFavouritesRankFirst() async throws {
        try await withFoodStore { store, profile in
            let before = try await store.searchFoods("ban", profileId: profile.id)
            let pepperBefore = try #require(before.firstIndex { $0.food.name == "Pepper, banana, raw" })
            #expect(pepperBefore > 0)
            _ = try await store.logFood(
                "Pepper, banana, raw",
                amount: 1,
                unit: "medium",
                meal: .lunch,
                takenAt: noon,
                profile: profile,
                atMs: 10
            )
            let after = try await store.searchFoods("ban", profileId: profile.id)
            #expect(after.first?.food.name == "Pepper, banana, raw" && after.first?.isOwn == true)
            // Another profile's history does not move it.
            let other = try await store.saveProfile(
                PatientProfile(name: "Ben", timeZoneIdentifier: "Europe/Berlin"),
                id: nil,
                atMs: 11
            )
            #expect(try await store.searchFoods("ban", profileId: other.id).first?.food.name == "Bananas, raw")
            // A favourite outranks the history.
            let chips = try await store.resolveFood("Snacks, banana chips", profileId: other.id)
            try await store.setFavorite(foodId: chips.id, profileId: profile.id, favorite: true)
            let favourite = try await store.searchFoods("ban", profileId: profile.id)
            #expect(favourite.prefix(2).map(\.food.name) == ["Snacks, banana chips", "Pepper, banana, raw"])
        }
    }

    @Test func namesResolveToTheFoodMeantOrAClearError() async throws {
        try await withFoodStore { store, profile in
            #expect(try await store.resolveFood("banana, raw", profileId: profile.id).ndb == "09040")
            #expect(try await store.resolveFood("ice cream vanilla", profileId: nil).ndb == "19095")
            await #expect(throws: NutritionError.self) { try await store.resolveFood("xyzzy plugh", profileId: nil) }
            do {
                _ = try await store.resolveFood("bananna", profileId: nil)
                Issue.record("a misspelt food resolved")
            } catch let NutritionError.unknownFood(text, _) {
                #expect(text == "bananna")
            }
        }
    }

    @Test func recipesSumTheirIngredientsAndEditsChangeOnlyFutureLogs() async throws {
        try await withFoodStore { store, profile in
            _ = try await store.addCustomFood(
                FoodFacts(
                    name: "Paneer",
                    per100Grams: NutrientAmounts([
                        .potassium: 100, .phosphorus: 190, .sodium: 20, .protein: 25, .water: 50,
                    ]),
                    measures: [],
                    isLiquid: false
                ),
                atMs: 10
            )
            let tomato = try await store.food(ndb: "11529")  // Tomatoes, red, ripe, raw: K 237, P 24, Na 5 per 100 g
            let saved = try await store.addRecipe(
                name: "Kandai Paneer",
                ingredients: [
                    IngredientInput(food: "Paneer", amount: 100, unit: "g"),
                    IngredientInput(food: "#\(tomato.id)", amount: 50, unit: "g"),
                ],
                servings: 2,
                atMs: 11
            )
            // By hand: K 100 + 237 × 0.5 = 218.5 mg; P 190 + 12 = 202 mg; 150 g in 2 servings of 75 g.
            #expect(isClose(saved.recipe.totals[.potassium].value, 218.5))
            #expect(isClose(saved.recipe.perServing[.phosphorus] ?? 0, 101))
            #expect(saved.food.facts.measures == [HouseholdMeasure(amount: 1, description: "serving", grams: 75)])
            #expect(isClose(saved.food.facts.per100Grams[.potassium] ?? 0, 218.5 / 150 * 100))
            let first = try await store.logFood(
                "Kandai Paneer",
                amount: 1,
                unit: "serving",
                meal: .dinner,
                takenAt: noon,
                profile: profile,
                atMs: 12
            )
            #expect(isClose(first.nutrients?[.potassium] ?? 0, 109.25))

            // Doubling the tomato changes the recipe and later entries, not the entry already logged.
            let edited = try await store.editRecipe(
                "kandai paneer",
                newName: nil,
                ingredients: [
                    IngredientInput(food: "Paneer", amount: 100, unit: "g"),
                    IngredientInput(food: "#\(tomato.id)", amount: 100, unit: "g"),
                ],
                servings: nil,
                atMs: 13
            )
            #expect(isClose(edited.recipe.totals[.potassium].value, 337))
            let second = try await store.logFood(
                "Kandai Paneer",
                amount: 1,
                unit: "serving",
                meal: .dinner,
                takenAt: noon,
                profile: profile,
                atMs: 14
            )
            #expect(isClose(second.nutrients?[.potassium] ?? 0, 168.5))
            let entries = try await store.intakeEntries(profileId: profile.id, from: noonDate, through: noonDate)
            #expect(isClose(entries.first { $0.id == first.id }?.nutrients?[.potassium] ?? 0, 109.25))
            #expect(try await store.recipes().map(\.food.name) == ["Kandai Paneer"])
            await #expect(throws: NutritionError.nameTaken("paneer")) {
                try await store.addRecipe(
                    name: "paneer",
                    ingredients: [IngredientInput(food: "Paneer", amount: 1, unit: "g")],
                    servings: 1,
                    atMs: 15
                )
            }
        }
    }

    @Test func limitsComeFromTheRecordTheLabsAndTheCareTeam() async throws {
        try await withFoodStore { store, _ in
            let stage3 = try await store.saveProfile(
                PatientProfile(
                    name: "Cleo",
                    diseaseCategory: .ckdG3b,
                    dryWeightKilograms: 60,
                    diabetes: .type2,
                    timeZoneIdentifier: "Europe/Berlin"
                ),
                id: nil,
                atMs: 10
            )
            var limits = try await store.dailyLimits(for: stage3)
            #expect(limits.map(\.subject) == [.protein, .sodium])  // no K, P or fluid default for G3b
            #expect(abs((limits.first?.maximum ?? 0) - 48) < 1e-9)  // 0.8 g/kg × 60 kg with diabetes
            // Serum potassium 5.4 mmol/L (above 5.0) and phosphorus 1.7 mmol/L (= 5.26 mg/dL, above 4.6) start the
            // budgets; the phosphorus lab goes through the unit table's phosphorus factor.
            try await store.insertLabResults(
                [
                    LabValue(
                        analyteID: "potassium",
                        value: 4.8,
                        unit: "mmol/L",
                        originalValue: 4.8,
                        originalUnit: "mmol/L",
                        takenAt: RFC3339Timestamp(epochMilliseconds: 1_000, utcOffsetSeconds: 0)
                    ),
                    LabValue(
                        analyteID: "potassium",
                        value: 5.4,
                        unit: "mmol/L",
                        originalValue: 5.4,
                        originalUnit: "mmol/L",
                        takenAt: RFC3339Timestamp(epochMilliseconds: 2_000, utcOffsetSeconds: 0)
                    ),
                    LabValue(
                        analyteID: "phosphorus",
                        value: 1.7,
                        unit: "mmol/L",
                        originalValue: 1.7,
                        originalUnit: "mmol/L",
                        takenAt: RFC3339Timestamp(epochMilliseconds: 2_000, utcOffsetSeconds: 0)
                    ),
                ],
                profileId: stage3.id,
                source: .manual,
                createdAtMs: 11
            )
            let inputs = try await store.limitInputs(for: stage3)
            #expect(inputs.latestPotassiumMillimolesPerLiter == 5.4)
            #expect(abs((inputs.latestPhosphorusMilligramsPerDeciliter ?? 0) - 1.7 / 0.3229) < 1e-9)
            limits = try await store.dailyLimits(for: stage3)
            #expect(limits.map(\.subject) == [.protein, .sodium, .potassium, .phosphorus])
            try await store.setCareTeamLimit(
                CareTeamLimit(subject: .potassium, minimum: nil, maximum: 2500, note: "Dr Chen"),
                profileId: stage3.id,
                atMs: 12
            )
            limits = try await store.dailyLimits(for: stage3)
            let potassium = try #require(limits.first { $0.subject == .potassium })
            #expect(potassium.maximum == 2500 && potassium.setByCareTeam)
            await #expect(throws: NutritionError.self) {
                try await store.setCareTeamLimit(
                    CareTeamLimit(subject: .fluid, minimum: 2000, maximum: 1000, note: "typo"),
                    profileId: stage3.id,
                    atMs: 13
                )
            }
            // Removing it brings the default back.
            try await store.setCareTeamLimit(
                CareTeamLimit(subject: .potassium, minimum: nil, maximum: nil, note: ""),
                profileId: stage3.id,
                atMs: 14
            )
            #expect(try await store.dailyLimits(for: stage3).first { $0.subject == .potassium }?.maximum == 3000)
        }
    }

    @Test func theLogTotalsADayAndRefusesBadInputStoringNothing() async throws {
        try await withFoodStore { store, profile in
            let iceCream = try await store.logFood(
                "Ice creams, vanilla",
                amount: 1,
                unit: "serving",
                meal: .snack,
                takenAt: noon,
                profile: profile,
                atMs: 10
            )
            #expect(isClose(iceCream.fluidMilliliters, 40.26))  // 66 g × 61 g water / 100 g
            let water = try await store.logFluid(
                amount: 8,
                unit: "[foz_us]",
                what: "water",
                takenAt: noon,
                profile: profile,
                atMs: 11
            )
            #expect(isClose(water.fluidMilliliters, 236.5882365))
            let day = try await store.intakeTotals(profileId: profile.id, on: noonDate)
            #expect(isClose(day.fluidMilliliters, 40.26 + 236.5882365))
            #expect(isClose(day.nutrients[.potassium].value, 199 * 0.66))
            #expect(day.nutrients[.potassium].parts == 1)
            let range = try await store.intakeTotals(
                profileId: profile.id,
                from: CalendarDate(daysSinceEpoch: noonDate.daysSinceEpoch - 1),
                through: noonDate
            )
            #expect(range.count == 2 && range[0].intake.entries == 0 && range[1].intake == day)

            // Bad input: nothing stored.
            await #expect(throws: NutritionError.self) {
                try await store.logFood(
                    "xyzzy",
                    amount: 1,
                    unit: "g",
                    meal: .lunch,
                    takenAt: noon,
                    profile: profile,
                    atMs: 12
                )
            }
            await #expect(
                throws: NutritionError.portion(
                    .unknownUnit(
                        "slab",
                        food: "Bananas, raw",
                        available: try await store.food(ndb: "09040").facts.unitNames
                    )
                )
            ) {
                try await store.logFood(
                    "banana, raw",
                    amount: 1,
                    unit: "slab",
                    meal: .lunch,
                    takenAt: noon,
                    profile: profile,
                    atMs: 12
                )
            }
            await #expect(throws: NutritionError.portion(.amountNotPositive(-1))) {
                try await store.logFood(
                    "banana, raw",
                    amount: -1,
                    unit: "g",
                    meal: .lunch,
                    takenAt: noon,
                    profile: profile,
                    atMs: 12
                )
            }
            await #expect(throws: NutritionError.self) {
                try await store.logFluid(
                    amount: 90,
                    unit: "L",
                    what: "water",
                    takenAt: noon,
                    profile: profile,
                    atMs: 12
                )
            }
            await #expect(throws: NutritionError.self) {
                try await store.logFluid(amount: 1, unit: "g", what: "water", takenAt: noon, profile: profile, atMs: 12)
            }
            #expect(try await store.intakeEntries(profileId: profile.id, from: noonDate, through: noonDate).count == 2)

            // Edit scales the logged nutrients; delete removes the entry.
            let doubled = try await store.editIntakeEntry(
                id: iceCream.id,
                profile: profile,
                amount: 2,
                unit: nil,
                meal: .dinner,
                takenAt: nil,
                atMs: 13
            )
            #expect(isClose(doubled.nutrients?[.potassium] ?? 0, 199 * 1.32) && doubled.meal == .dinner)
            #expect(isClose(doubled.fluidMilliliters, 80.52))
            await #expect(throws: NutritionError.self) {
                try await store.editIntakeEntry(
                    id: iceCream.id,
                    profile: profile,
                    amount: nil,
                    unit: "slab",
                    meal: nil,
                    takenAt: nil,
                    atMs: 14
                )
            }
            // Yogurt is not counted as fluid by default; once the dietitian says so, its water counts from then on.
            let yogurt = try await store.food(ndb: "01116")  // Yogurt, plain, whole milk: 87.9 g water / 100 g
            #expect(!yogurt.facts.isLiquid)
            let before = try await store.logFood(
                "#\(yogurt.id)",
                amount: 100,
                unit: "g",
                meal: .snack,
                takenAt: noon,
                profile: profile,
                atMs: 15
            )
            try await store.setCountsAsFluid(foodId: yogurt.id, true, atMs: 16)
            let after = try await store.logFood(
                "#\(yogurt.id)",
                amount: 100,
                unit: "g",
                meal: .snack,
                takenAt: noon,
                profile: profile,
                atMs: 17
            )
            #expect(
                before.fluidMilliliters == 0 && isClose(after.fluidMilliliters, yogurt.facts.per100Grams[.water] ?? -1)
            )
            _ = try await store.deleteIntakeEntry(id: before.id, profile: profile)
            _ = try await store.deleteIntakeEntry(id: after.id, profile: profile)
            _ = try await store.deleteIntakeEntry(id: water.id, profile: profile)
            let left = try await store.intakeEntries(profileId: profile.id, from: noonDate, through: noonDate)
            #expect(left.map(\.id) == [iceCream.id])
        }
    }
}

/// The local date of `noon`.
private let noonDate = (try? CalendarDate(parsing: "2026-11-20")) ?? CalendarDate(daysSinceEpoch: 0)

/// True when `actual` is within 1e-9 (relative) of `expected`.
private func isClose(_ actual: Double, _ expected: Double) -> Bool {
    abs(actual - expected) <= 1e-9 * max(abs(expected), 1)
}
