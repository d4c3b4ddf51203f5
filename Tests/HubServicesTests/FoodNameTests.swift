import Care
import HubRecords
import HubStore
import TestSupport
import Testing

@testable import HubServices

/// Everyday food words resolve to one food only when it is clearly meant (issue 17, item 1; docs/architecture.md,
/// "Food names"): the person's own foods and history first, then everyday words, then fresh, raw or usually-eaten
/// forms before dried, powdered or processed ones; anything else asks.
struct FoodNameTests {
    /// What a typed word must give: the SR28 food by NDB number, or nil when the person must choose.
    static let everydayWords: [(typed: String, ndb: String?)] = [
        ("milk", "01077"),  // Milk, whole, 3.25% milkfat (not "Milk, buttermilk, dried")
        ("whole milk", "01077"),
        ("skim milk", "01085"),  // Milk, nonfat, fluid
        ("banana", "09040"),  // Bananas, raw (not dehydrated or banana powder)
        ("bananas", "09040"),
        ("banana, raw", "09040"),
        ("rice", "20045"),  // Rice, white, long-grain, regular, enriched, cooked (not rice flour or crackers)
        ("bread", "18069"),  // Bread, white, commercially prepared
        ("egg", "01123"),  // Egg, whole, raw, fresh (not dried)
        ("eggs", "01123"),
        ("apple", "09003"),  // Apples, raw, with skin (not dried or dehydrated)
        ("apples", "09003"),
        ("orange", "09200"),  // Oranges, raw, all commercial varieties
        ("orange juice", "09206"),  // Orange juice, raw (not frozen concentrate)
        ("apple juice", "09016"),
        ("coffee", "14209"),  // brewed, not instant powder
        ("tea", "14355"),  // black, brewed
        ("yogurt", "01116"),  // plain, whole milk
        ("strawberries", "09316"),
        ("blueberries", "09050"),
        ("watermelon", "09326"),
        ("pineapple", "09266"),
        ("peach", "09236"),
        ("pear", "09252"),
        ("grapes", "09132"),
        ("carrot", "11124"),
        ("carrots", "11124"),
        ("broccoli", "11090"),
        ("tomato", "11529"),
        ("onion", "11282"),
        ("cucumber", "11205"),
        ("cabbage", "11109"),
        ("cauliflower", "11135"),
        ("spinach", "11457"),
        ("avocado", "09037"),
        ("butter", "01001"),
        ("sugar", "19335"),
        ("honey", "19296"),
        ("peanut butter", "16098"),
        ("ice cream", "19095"),
        ("ice cream vanilla", "19095"),
        ("pasta", "20121"),
        ("oatmeal", "08121"),
        ("water", "14411"),
        ("cola", "14148"),
        ("chicken breast", "05064"),
        ("baked potato", "11674"),
        ("boiled potatoes", "11367"),
        ("star fruit", "09060"),
        // No single usual form, and the form changes what a renal diet counts: the person chooses.
        ("cheese", nil),
        ("chicken", nil),
        ("potato", nil),
        ("beef", nil),
        ("fish", nil),
        ("lettuce", nil),
        ("corn", nil),
        ("green beans", nil),
        ("mushrooms", nil),
        ("tortilla", nil),
    ]

    @Test func everydayWordsResolveToTheirUsualFormOrAsk() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        #expect(Self.everydayWords.count >= 40)
        var wrong: [String] = []
        for (typed, ndb) in Self.everydayWords {
            do {
                let food = try await world.app.foods.show(typed, profile: nil)
                if food.ndb != ndb {
                    wrong.append("\(typed) → \(food.ndb ?? "?") \(food.name), wanted \(ndb ?? "asks")")
                }
            } catch let NutritionError.ambiguousFood(_, choices) {
                if ndb != nil { wrong.append("\(typed) asked, wanted \(ndb ?? "")") }
                if choices.count < 2 { wrong.append("\(typed) asked with \(choices.count) choice(s)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
    }

    @Test func everyEverydayFoodExistsAndIsNoProcessedForm() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        try await world.app.foods.ensureFoodDatabase()
        for (typed, ndb) in EverydayFoodForms.table {
            let food = try await world.app.store.food(ndb: ndb)
            var words = Set(FoodSearchQuery.fold(food.name))
            // "Canned or bottled" says how a juice is sold (apple juice is not pressed at home): not a processed form.
            if food.name.contains("canned or bottled") { words.remove("canned") }
            #expect(words.isDisjoint(with: FoodNameRule.processedWords), "\(typed) → \(food.name)")
        }
    }

    @Test func logFoodMilkOneCupIsFluidWholeMilk() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        let logged = try await world.app.intake.logFood(
            "milk",
            amount: 1,
            unit: "cup",
            meal: .breakfast,
            at: CareWorld.now,
            profile: nil
        )
        #expect(logged.entry.description == "Milk, whole, 3.25% milkfat, with added vitamin D")
        // A cup of whole milk holds about 320 mg potassium (SR28 01077: 132 mg/100 g × 244 g), not dried buttermilk's
        // 1,910 mg.
        let potassium = try #require(logged.entry.nutrients?[.potassium])
        #expect(abs(potassium - 322) < 5)
        #expect(logged.entry.fluidMilliliters > 200)
    }

    @Test func yourOwnHistoryComesFirstAndATieAsks() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        await #expect(throws: NutritionError.self) { _ = try await world.app.foods.show("cheese", profile: nil) }
        for _ in 0..<2 {
            _ = try await world.app.intake.logFood(
                "Cheese, cheddar",
                amount: 1,
                unit: "oz",
                meal: .lunch,
                at: CareWorld.now,
                profile: nil
            )
        }
        #expect(try await world.app.foods.show("cheese", profile: nil).name == "Cheese, cheddar")
        // Logged as often as cheddar: neither is clearly meant any more, so the person chooses between the two.
        for _ in 0..<2 {
            _ = try await world.app.intake.logFood(
                "Cheese, swiss",
                amount: 1,
                unit: "oz",
                meal: .lunch,
                at: CareWorld.now,
                profile: nil
            )
        }
        do {
            _ = try await world.app.foods.show("cheese", profile: nil)
            Issue.record("a tie between two foods you logged as often was resolved silently")
        } catch let NutritionError.ambiguousFood(_, choices) {
            #expect(Set(choices.map(\.name)) == ["Cheese, cheddar", "Cheese, swiss"])
        }
        // A favourite outweighs history.
        _ = try await world.app.foods.setFavorite("Cheese, swiss", profile: nil, favorite: true)
        #expect(try await world.app.foods.show("cheese", profile: nil).name == "Cheese, swiss")
    }

    @Test func anAmbiguousWordNamesItsCandidatesAndLogsNothing() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        do {
            _ = try await world.app.intake.logFood(
                "potato",
                amount: 1,
                unit: "g",
                meal: .dinner,
                at: CareWorld.now,
                profile: nil
            )
            Issue.record("'potato' was logged without asking")
        } catch let error as NutritionError {
            guard case .ambiguousFood(_, let choices) = error else { throw error }
            #expect(choices.count >= 2 && choices.count <= FoodNameRule.maximumChoices)
            #expect(choices.allSatisfy { $0.name.hasPrefix("Potato") })
            #expect(error.description.contains("#\(choices[0].id) \(choices[0].name)"))
        }
        #expect(try await world.app.intake.entries(on: .today, profile: nil).entries.isEmpty)
    }
}
