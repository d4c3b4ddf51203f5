import Care
import Clinical
import HubCore
import Testing

/// Each suggestion is in the same food group and role, lower in the nutrient at issue, within the patient's other
/// limits and free of interactions; ranked; with per-serving differences (issue 10 acceptance).
@Suite struct SubstitutionTests {
    static func candidate(_ food: AdviceFood) -> SubstitutionCandidate {
        // Back to per-100-g facts from the portion; an everyday food's serving is the fixture's portion.
        let everyday = EverydayFoods.entry(named: food.name)
        return SubstitutionCandidate(
            facts: FoodFacts(
                name: food.name,
                per100Grams: food.nutrients.scaled(by: 100 / food.grams),
                measures: everyday.map { [HouseholdMeasure(amount: 1, description: $0.serving, grams: food.grams)] }
                    ?? [],
                isLiquid: food.isLiquid
            ),
            group: food.group,
            everyday: everyday
        )
    }

    /// Fruits, juices, grains and dairy, with a high-sodium fruit product that breaks another limit.
    static let pantry: [SubstitutionCandidate] = [
        Foods.banana, Foods.apple, Foods.orange, Foods.grapefruit, Foods.pummelo, Foods.starFruit, Foods.orangeJuice,
        Foods.grapefruitJuice, Foods.whiteRice, Foods.brownRice, Foods.milk, Foods.cheddar,
        Foods.food(
            "Apple juice, canned",
            group: Foods.fruits,
            grams: 248,
            liquid: true,
            fluid: 218,
            [.potassium: 250, .sodium: 10, .phosphorus: 17, .protein: 0.2]
        ),
        Foods.food(
            "Cranberry juice cocktail",
            group: Foods.fruits,
            grams: 253,
            liquid: true,
            fluid: 220,
            [.potassium: 35, .sodium: 5, .phosphorus: 3, .protein: 0]
        ),
        Foods.food(
            "Pickled salted plums",
            group: Foods.fruits,
            grams: 118,
            [.potassium: 50, .sodium: 2600, .phosphorus: 10, .protein: 0.5]
        ),
        Foods.food(
            "Blueberries, raw",
            group: Foods.fruits,
            grams: 118,
            [.potassium: 91, .sodium: 1, .phosphorus: 14, .protein: 0.9]
        ),
    ].map(candidate)

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var state: PatientAdviceState
        var food: AdviceFood
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "HD, K high × banana", state: States.dialysisHighPotassium, food: Foods.banana),
        Case(name: "HD, K high × orange juice", state: States.dialysisHighPotassium, food: Foods.orangeJuice),
        Case(name: "HD, K spent × brown rice", state: States.dialysisPotassiumSpent, food: Foods.brownRice),
        Case(
            name: "Transplant, tacrolimus, K spent × orange",
            state: PatientAdviceState(
                category: .kidneyTransplant,
                limits: States.limits(.hemodialysis),
                today: States.eaten(potassium: 2950),
                medications: [Medication(name: "tacrolimus")]
            ),
            food: Foods.orange
        ),
    ]

    @Test(arguments: cases) func everySuggestionKeepsEveryPromise(_ test: Case) throws {
        let check = FoodChecker.check(test.food, state: test.state)
        let subject = try #require(check.subjectAtIssue)
        let suggestions = SubstitutionFinder.suggestions(for: check, candidates: Self.pantry, state: test.state)
        #expect(!suggestions.isEmpty)
        for swap in suggestions {
            #expect(swap.food.group == test.food.group, "\(swap.food.name) is in another group")
            #expect(swap.food.isLiquid == test.food.isLiquid, "\(swap.food.name) has another role")
            // A comparable serving: a third to three times the checked weight.
            #expect(swap.food.grams >= test.food.grams / 3 && swap.food.grams <= test.food.grams * 3)
            let original = try #require(test.food.amount(of: subject))
            let amount = try #require(swap.food.amount(of: subject))
            #expect(amount <= original * 0.8, "\(swap.food.name) is not clearly lower in \(subject)")
            #expect(swap.differences[subject.rawValue] == amount - original)
            let replacement = FoodChecker.check(swap.food, state: test.state)
            for line in replacement.budget where line.subject != subject {
                let portion = try #require(line.portion, "\(swap.food.name): \(line.subject) unknown")
                #expect(portion <= line.remaining, "\(swap.food.name) breaks the \(line.subject) limit")
            }
            #expect(!replacement.interactions.contains { $0.severity >= .caution }, "\(swap.food.name) interacts")
            #expect(swap.food.name != test.food.name)
        }
        // Ranked: the ranking key never decreases.
        let keys = suggestions.map { ($0.fitsRemaining ? 0 : 1, $0.sameKind ? 0 : 1, $0.amount) }
        for (a, b) in zip(keys, keys.dropFirst()) { #expect(a <= b) }
    }

    @Test func aSaltyOrInteractingFoodIsNeverSuggested() throws {
        let state = PatientAdviceState(
            category: .hemodialysis,
            limits: States.limits(.hemodialysis),
            today: States.eaten(potassium: 2200),
            medications: [Medication(name: "Prograf")]
        )
        let check = FoodChecker.check(Foods.banana, state: state)
        let names = SubstitutionFinder.suggestions(for: check, candidates: Self.pantry, state: state, limit: 50)
            .map(\.food.name)
        #expect(names.contains("Apples, raw, with skin"))
        #expect(!names.contains("Pickled salted plums"))  // 2,600 mg sodium breaks the sodium limit
        #expect(!names.contains { $0.hasPrefix("Grapefruit") })  // tacrolimus
        #expect(!names.contains { $0.hasPrefix("Carambola") })  // star fruit, kidney disease
        #expect(!names.contains("Orange juice, raw"))  // another role (a drink)
    }

    @Test func whiteRiceReplacesBrownRiceFirst() throws {
        let check = FoodChecker.check(Foods.brownRice, state: States.dialysisPotassiumSpent)
        let first = try #require(
            SubstitutionFinder.suggestions(for: check, candidates: Self.pantry, state: States.dialysisPotassiumSpent)
                .first
        )
        #expect(first.food.name.hasPrefix("Rice, white"))
        #expect(first.sameKind)
    }

    @Test func nothingIsSuggestedWhenNothingIsAtIssue() {
        let check = FoodChecker.check(Foods.apple, state: States.dialysisMorning)
        #expect(check.subjectAtIssue == nil)
        #expect(
            SubstitutionFinder.suggestions(for: check, candidates: Self.pantry, state: States.dialysisMorning).isEmpty
        )
    }
}

/// A food that fits the budget but breaks a drug rule about a nutrient gets swaps lower in that nutrient.
@Suite struct InteractionSubstitutionTests {
    @Test func aBananaWithLisinoprilGetsLowerPotassiumSwapsWithoutTheInteraction() throws {
        let state = States.ckdOnLisinopril
        let check = FoodChecker.check(Foods.banana, state: state)
        #expect(check.verdict == .doesNotFit)
        #expect(check.budget.allSatisfy { $0.message.severity == .info })
        #expect(check.subjectAtIssue == .potassium)
        let swaps = SubstitutionFinder.suggestions(
            for: check,
            candidates: SubstitutionTests.pantry,
            state: state,
            limit: 50
        )
        #expect(swaps.map(\.food.name).contains("Apples, raw, with skin"))
        for swap in swaps {
            #expect(swap.amount < 422)
            #expect(FoodChecker.check(swap.food, state: state).interactions.allSatisfy { $0.severity < .caution })
        }
    }
}
