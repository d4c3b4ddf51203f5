import Care
import Clinical
import FoodData
import Foundation
import HubCore
import Testing

/// The shipped USDA database, read once on a thread of its own (decompressing and parsing it is CPU work that must
/// not block the cooperative pool other suites' tests run on).
private let shippedFoods = Task { () -> Result<USDAFoodDatabase, FoodDataError> in
    await withCheckedContinuation { continuation in
        Thread {
            continuation.resume(
                returning: Result { () throws(FoodDataError) -> USDAFoodDatabase in try ShippedFoodDatabase.load() }
            )
        }.start()
    }
}

/// The facts and group name of the SR28 food `ndb`.
private func food(_ ndb: String, in database: USDAFoodDatabase) throws -> (facts: FoodFacts, group: String?) {
    let found = try #require(database.foods.first { $0.ndb == ndb }, "NDB \(ndb) is not in the database")
    return (
        FoodFacts(name: found.name, per100Grams: found.per100Grams, measures: found.measures, isLiquid: found.isLiquid),
        database.groups[found.groupCode]
    )
}

/// Every everyday food exists in the shipped SR28 database under its name, with its serving, and the serving is a
/// normal household one (issue 17, item 8: no garnish, no single cherry).
@Suite struct EverydayFoodsTests {
    @Test func everyEntryIsInTheDatabaseWithAHouseholdServing() async throws {
        let database = try await shippedFoods.value.get()
        #expect(Set(EverydayFoods.all.map(\.ndb)).count == EverydayFoods.all.count)
        for entry in EverydayFoods.all {
            let (facts, _) = try food(entry.ndb, in: database)
            #expect(facts.name == entry.name, "\(entry.ndb)")
            let serving = try #require(entry.servingMeasure(in: facts), "\(entry.name): no '\(entry.serving)'")
            // A serving people eat or drink at once: at least 14 g (a cup of puffed rice), at most a can.
            #expect(serving.grams >= 14 && serving.grams <= 400, "\(entry.name): \(serving)")
        }
        #expect(Set(EverydayFoods.all.map(\.category)) == Set(FoodCategory.allCases))
    }
}

/// Swaps for everyday foods a renal diet restricts: each from the same category (a fruit for a fruit, rice or pasta
/// for a potato, a plant milk for milk), in a comparable everyday serving, with clearly less of the nutrient at issue
/// (issue 17, item 8). Real SR28 values, a hemodialysis patient whose day's potassium or phosphorus is spent.
@Suite struct EverydaySwapTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var word: String
        var ndb: String
        /// The portion checked: nil is the food's usual household measure (as `foods check` uses).
        var unit: String?
        var subject: IntakeSubject
        var category: FoodCategory
        /// Foods one of which must be among the swaps: the swaps a renal diet sheet gives.
        var expected: Set<String>
        var testDescription: String { word }
    }

    static let apple = "Apples, raw, with skin", blueberries = "Blueberries, raw", cabbage = "Cabbage, raw"
    static let rice = "Rice, white, long-grain, regular, enriched, cooked"
    static let pasta = "Pasta, cooked, enriched, without added salt"
    static let riceMilk = "Beverages, rice milk, unsweetened"
    static let almondMilk = "Beverages, almond milk, sweetened, vanilla flavor, ready-to-drink"

    static let rows: [Row] = [
        Row(word: "banana", ndb: "09040", subject: .potassium, category: .fruit, expected: [apple, blueberries]),
        Row(word: "orange", ndb: "09200", subject: .potassium, category: .fruit, expected: [apple, blueberries]),
        Row(word: "avocado", ndb: "09037", subject: .potassium, category: .fruit, expected: [apple, blueberries]),
        Row(word: "baked potato", ndb: "11674", subject: .potassium, category: .starch, expected: [rice, pasta]),
        Row(
            word: "tomato",
            ndb: "11529",
            subject: .potassium,
            category: .vegetable,
            expected: [cabbage, "Cucumber, with peel, raw", "Onions, raw"]
        ),
        Row(
            word: "spinach",
            ndb: "11457",
            subject: .potassium,
            category: .vegetable,
            expected: [cabbage, "Lettuce, iceberg (includes crisphead types), raw", "Cucumber, with peel, raw"]
        ),
        Row(word: "milk", ndb: "01077", subject: .potassium, category: .milk, expected: [riceMilk, almondMilk]),
        Row(
            word: "bran cereal",
            ndb: "08001",
            subject: .potassium,
            category: .breakfastCereal,
            expected: [
                "Cereals ready-to-eat, KELLOGG, KELLOGG'S Corn Flakes",
                "Cereals ready-to-eat, KELLOGG, KELLOGG'S RICE KRISPIES",
            ]
        ),
        Row(
            word: "cheese",
            ndb: "01009",
            subject: .phosphorus,
            category: .cheese,
            expected: ["Cheese, cream", "Cheese, brie"]
        ),
        Row(
            word: "cola",
            ndb: "14148",
            unit: "can or bottle (12 fl oz)",
            subject: .phosphorus,
            category: .softDrink,
            expected: ["Beverages, carbonated, lemon-lime soda, no caffeine", "Beverages, carbonated, ginger ale"]
        ),
        Row(word: "milk (phosphorus)", ndb: "01077", subject: .phosphorus, category: .milk, expected: [almondMilk]),
    ]

    /// A hemodialysis patient (70 kg) whose day's budget of `subject` is already spent, nothing else eaten.
    static func state(spent subject: IntakeSubject) -> PatientAdviceState {
        let limits = DailyLimits.limits(for: LimitInputs(category: .hemodialysis, weightKilograms: 70))
        let maximum = limits.first { $0.subject == subject }?.maximum ?? 0
        let eaten: [Nutrient: Double] = subject == .potassium ? [.potassium: maximum + 50] : [.phosphorus: maximum + 50]
        return PatientAdviceState(
            category: .hemodialysis,
            limits: limits,
            today: DailyIntake([
                IntakeContribution(
                    nutrients: NutrientAmounts(eaten.merging([.protein: 20]) { a, _ in a }),
                    fluidMilliliters: 0
                )
            ])
        )
    }

    @Test(arguments: rows) func swapsAreEverydayFoodsOfTheSameCategoryWithClearlyLess(_ row: Row) async throws {
        let database = try await shippedFoods.value.get()
        let (facts, group) = try food(row.ndb, in: database)
        let portion = try Portion(of: facts, amount: nil, unit: row.unit)
        let checked = AdviceFood(facts: facts, group: group, grams: portion.grams)
        let state = Self.state(spent: row.subject)
        let check = FoodChecker.check(checked, state: state)
        #expect(check.subjectAtIssue == row.subject)
        #expect(SubstitutionFinder.swapCategory(for: check) == row.category)
        let candidates = try EverydayFoods.all.map { entry in
            let (facts, group) = try food(entry.ndb, in: database)
            return SubstitutionCandidate(facts: facts, group: group, everyday: entry)
        }
        let swaps = SubstitutionFinder.suggestions(for: check, candidates: candidates, state: state)
        #expect(!swaps.isEmpty, "no swap for \(row.word)")
        let original = try #require(checked.amount(of: row.subject))
        for swap in swaps {
            let entry = try #require(
                EverydayFoods.entry(named: swap.food.name),
                "\(swap.food.name) is no everyday food"
            )
            #expect(entry.category == row.category, "\(row.word) → \(swap.food.name) (\(entry.category))")
            // Its own household serving, comparable to the checked one.
            #expect(swap.food.grams == entry.servingMeasure(in: try food(entry.ndb, in: database).facts)?.grams)
            #expect(swap.food.grams >= checked.grams / 3 && swap.food.grams <= checked.grams * 3, "\(swap.food.name)")
            // Clearly less per serving: at most 80 % of the checked portion's amount.
            #expect(swap.amount <= original * 0.8, "\(row.word) \(original) → \(swap.food.name) \(swap.amount)")
        }
        let names = Set(swaps.map(\.food.name))
        #expect(!names.isDisjoint(with: row.expected), "\(row.word): \(swaps.map(\.food.name))")
    }
}
