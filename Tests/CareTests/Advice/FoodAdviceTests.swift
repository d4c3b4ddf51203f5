import Care
import Clinical
import HubCore
import Testing

/// Food checks that look at the labs, swaps in comparable servings, protein's minimum and maximum, and servings
/// that suit every restricted nutrient (issue 17, item 5).
@Suite struct FoodAdviceTests {
    /// Hemodialysis, 70 kg, little eaten today, with the latest blood potassium `potassium` mmol/L.
    static func dialysis(potassium: Double) -> PatientAdviceState {
        PatientAdviceState(
            category: .hemodialysis,
            limits: States.limits(.hemodialysis),
            today: States.eaten(potassium: 300, sodium: 200, phosphorus: 100),
            labs: [States.lab("potassium", potassium, unit: "mmol/L", on: "2026-11-02")]
        )
    }

    @Test(arguments: [
        // (latest blood potassium, food, rule fired): a medium banana has 422 mg, far under the 2,700 mg left today.
        (5.8, "banana", true), (7.0, "banana", true), (4.5, "banana", false), (5.0, "banana", false),
        // An apple (195 mg) is not potassium-rich (NKF: more than 200 mg per portion), whatever the lab.
        (5.8, "apple", false),
    ])
    func aHighPotassiumFlagsPotassiumRichFoodsEvenUnderTheLimit(potassium: Double, food: String, fires: Bool) {
        let portion = food == "banana" ? Foods.banana : Foods.apple
        let check = FoodChecker.check(portion, state: Self.dialysis(potassium: potassium))
        let flagged = check.interactions.first { $0.ruleId == LabFoodRules.highPotassiumRichFood.id }
        #expect((flagged != nil) == fires)
        let line = check.budget.first { $0.subject == .potassium }
        #expect(line.map { ($0.portion ?? 0) < $0.remaining } == true, "the day's budget still has room")
        if let flagged {
            #expect(check.verdict == .doesNotFit)
            #expect(check.subjectAtIssue == .potassium)
            #expect(flagged.text.contains("potassium") && flagged.text.contains(AdviceNumber.text(potassium)))
            #expect(flagged.source.citation.contains("KDOQI"))
        } else if food == "apple" {
            #expect(check.verdict == .fits)
        }
    }

    @Test func withAHighPotassiumABananaGetsLowerPotassiumSwapsInComparableServings() throws {
        let state = Self.dialysis(potassium: 5.8)
        let check = FoodChecker.check(Foods.banana, state: state)
        // Real SR28 foods with their usual household measure (per 100 g values; grams of the measure).
        let candidates = [
            SubstitutionCandidate(
                facts: FoodFacts(
                    name: "Apples, raw, with skin",
                    per100Grams: NutrientAmounts([.potassium: 107, .phosphorus: 11, .sodium: 1, .protein: 0.26]),
                    measures: [HouseholdMeasure(amount: 1, description: "medium (3\" dia)", grams: 182)],
                    isLiquid: false
                ),
                group: Foods.fruits,
                everyday: EverydayFoods.entry(named: "Apples, raw, with skin")
            ),
            SubstitutionCandidate(
                facts: FoodFacts(
                    name: "Blueberries, raw",
                    per100Grams: NutrientAmounts([.potassium: 77, .phosphorus: 12, .sodium: 1, .protein: 0.74]),
                    measures: [HouseholdMeasure(amount: 1, description: "cup", grams: 148)],
                    isLiquid: false
                ),
                group: Foods.fruits,
                everyday: EverydayFoods.entry(named: "Blueberries, raw")
            ),
            SubstitutionCandidate(
                facts: FoodFacts(
                    name: "Avocados, raw, all commercial varieties",
                    per100Grams: NutrientAmounts([.potassium: 485, .phosphorus: 52, .sodium: 7, .protein: 2]),
                    measures: [HouseholdMeasure(amount: 1, description: "cup, cubes", grams: 150)],
                    isLiquid: false
                ),
                group: Foods.fruits,
                everyday: EverydayFoods.entry(named: "Avocados, raw, all commercial varieties")
            ),
        ]
        let swaps = SubstitutionFinder.suggestions(for: check, candidates: candidates, state: state)
        #expect(swaps.map(\.food.name) == ["Blueberries, raw", "Apples, raw, with skin"])
        for swap in swaps {
            #expect(swap.amount < 422 && swap.amount >= 0)
            #expect(swap.food.group == Foods.fruits && !swap.food.isLiquid)
        }
        // Compared in its own usual serving: a medium apple (182 g), not the banana's 118 g.
        #expect(swaps.first { $0.food.name.hasPrefix("Apples") }?.food.grams == 182)
    }

    @Test func aDrinkOverTheFluidLeftGetsASmallerPortionAndANonLiquidSwapNeverANegativeAmount() throws {
        // 900 of 1,000 mL drunk: a cup of orange juice (219 mL of fluid) does not fit.
        let state = PatientAdviceState(
            category: .hemodialysis,
            limits: States.limits(.hemodialysis),
            today: States.eaten(potassium: 300, fluid: 900)
        )
        let check = FoodChecker.check(Foods.orangeJuice, state: state)
        #expect(check.subjectAtIssue == .fluid)
        let orange = SubstitutionCandidate(
            facts: FoodFacts(
                name: "Oranges, raw, all commercial varieties",
                per100Grams: NutrientAmounts([.potassium: 181, .phosphorus: 14, .sodium: 0, .protein: 0.94]),
                measures: [HouseholdMeasure(amount: 1, description: "fruit (2-5/8\" dia)", grams: 131)],
                isLiquid: false
            ),
            group: Foods.fruits
        )
        let swaps = SubstitutionFinder.suggestions(for: check, candidates: [orange], state: state)
        let smaller = try #require(swaps.first)
        #expect(smaller.smallerPortion && smaller.food.name == "Orange juice, raw")
        #expect(smaller.food.fluidMilliliters > 0 && smaller.food.fluidMilliliters <= 100)
        #expect(swaps.dropFirst().map(\.food.name) == ["Oranges, raw, all commercial varieties"])
        for swap in swaps { #expect(swap.amount >= 0 && swap.food.grams > 0) }
        // Nothing left: no smaller portion (it would be 0 or less), only the non-liquid food.
        var spent = state
        spent.today = States.eaten(potassium: 300, fluid: 1000)
        let none = SubstitutionFinder.suggestions(
            for: FoodChecker.check(Foods.orangeJuice, state: spent),
            candidates: [orange],
            state: spent
        )
        #expect(none.allSatisfy { !$0.smallerPortion && $0.amount >= 0 })
    }

    /// KDOQI Clinical Practice Guideline for Nutrition in CKD, 2020 update (protein, g/kg/day): maintenance HD/PD
    /// 1.0–1.2; CKD 3–5 not on dialysis 0.55–0.60 without diabetes, 0.6–0.8 with; KDIGO 2024: G1–G2 ≤ 0.8.
    @Test(arguments: [
        (DiseaseCategory.hemodialysis, false, Double?.some(70), Double?.some(84)),
        (.peritonealDialysis, false, 70, 84),
        (.ckdG3a, false, 38.5, 42),
        (.ckdG4, false, 38.5, 42),
        (.ckdG5, true, 42, 56),
        (.ckdG2, false, nil, 56),
    ])
    func proteinHasTheStagesMinimumAndMaximum(
        category: DiseaseCategory,
        diabetes: Bool,
        minimum: Double?,
        maximum: Double?
    ) throws {
        let limits = DailyLimits.limits(
            for: LimitInputs(category: category, hasDiabetes: diabetes, weightKilograms: 70)
        )
        let protein = try #require(limits.first { $0.subject == .protein })
        #expect(protein.minimum.map { ($0 * 100).rounded() / 100 } == minimum)
        #expect(protein.maximum.map { ($0 * 100).rounded() / 100 } == maximum)
        #expect(protein.source.contains("KDOQI 2020") || protein.source.contains("KDIGO 2024"))
    }

    @Test func underTheProteinMinimumIsFlaggedAsSuchNeverWithinTheLimit() throws {
        // Hemodialysis, 70 kg: 70–84 g protein a day; 20 g eaten, then a banana (1.3 g).
        let state = Self.dialysis(potassium: 4.5)
        let line = try #require(FoodChecker.check(Foods.banana, state: state).budget.first { $0.subject == .protein })
        #expect(line.message.ruleId == BudgetRules.belowMinimum.id)
        #expect(line.message.text.contains("minimum 70 g"))
        #expect(!line.message.text.contains("Fits today's budget"))
        let total = NutrientTotal(value: 9, unknownParts: 0, parts: 1)
        let limit = try #require(state.limit(.protein))
        #expect(limit.status(of: total) == .under)
    }

    @Test func proteinsLabIsCalledAlbumin() throws {
        var state = Self.dialysis(potassium: 4.5)
        state.labs.append(States.lab("albumin", 3.2, unit: "g/dL", on: "2026-11-02"))
        let line = try #require(FoodChecker.check(Foods.banana, state: state).budget.first { $0.subject == .protein })
        #expect(line.message.text.contains("your last albumin was 3.2 g/dL"))
        #expect(!line.message.text.contains("your last protein"))
    }

    @Test(arguments: [
        // (food per serving, restricted subjects it breaks for a hemodialysis patient)
        (
            Foods.food(
                "Pickles, cucumber, dill or kosher dill",
                group: "Vegetables",
                grams: 65,
                [
                    .potassium: 76, .phosphorus: 14, .sodium: 569, .protein: 0.3,
                ]
            ), [IntakeSubject.sodium]
        ),
        (
            Foods.food(
                "Olives, ripe, canned (small-extra large)",
                group: Foods.fruits,
                grams: 84,
                [
                    .potassium: 7, .phosphorus: 3, .sodium: 615, .protein: 0.7,
                ]
            ), [.sodium]
        ),
        // One large olive (4.4 g, 32 mg sodium) is judged on 50 g: 367 mg.
        (
            Foods.food(
                "Olives, ripe, canned (small-extra large)",
                group: Foods.fruits,
                grams: 4.4,
                [
                    .potassium: 0.4, .phosphorus: 0.1, .sodium: 32, .protein: 0.04,
                ]
            ), [.sodium]
        ),
        (Foods.banana, [.potassium]),
        (Foods.orangeJuice, [.potassium, .fluid]),
        (Foods.apple, []),
        // Unknown phosphorus is never counted as 0.
        (
            Foods.food("Mystery fruit", group: Foods.fruits, grams: 100, [.potassium: 50, .sodium: 1, .protein: 1]),
            [.phosphorus]
        ),
    ])
    func aServingToTrySuitsEveryRestrictedNutrient(food: AdviceFood, breaks: [IntakeSubject]) {
        #expect(ServingCaps.exceeded(by: food, limits: States.limits(.hemodialysis)) == breaks)
    }

    @Test func theUsualMeasureIsOneHouseholdMeasureNeverOneGram() throws {
        let banana = FoodFacts(
            name: "Bananas, raw",
            per100Grams: NutrientAmounts([.potassium: 358]),
            measures: [
                HouseholdMeasure(amount: 1, description: "cup, mashed", grams: 225),
                HouseholdMeasure(amount: 1, description: "medium (7\" to 7-7/8\" long)", grams: 118),
            ],
            isLiquid: false
        )
        let portion = try Portion(of: banana, amount: nil, unit: nil)
        #expect(portion.grams == 118)
        #expect(abs((portion.nutrients[.potassium] ?? 0) - 422.44) < 0.01)
        #expect(try Portion(of: banana, amount: 2, unit: nil).grams == 236)
        #expect(try Portion(of: banana, amount: 30, unit: "g").grams == 30)
        let milk = FoodFacts(
            name: "Milk, whole",
            per100Grams: NutrientAmounts(),
            measures: [
                HouseholdMeasure(amount: 1, description: "fl oz", grams: 30.5),
                HouseholdMeasure(amount: 1, description: "cup", grams: 244),
            ],
            isLiquid: true
        )
        #expect(milk.usualMeasure?.grams == 244)
        let bare = FoodFacts(name: "Own soup", per100Grams: NutrientAmounts(), measures: [], isLiquid: true)
        #expect(try Portion(of: bare, amount: nil, unit: nil).grams == 100)
    }

    /// Sources shown with limits, budget lines and swaps are readable citations, never a path into research notes.
    @Test(arguments: [DiseaseCategory.hemodialysis, .peritonealDialysis, .ckdG2, .ckdG3b, .ckdG5, .kidneyTransplant])
    func limitAndBudgetSourcesAreReadableCitations(category: DiseaseCategory) {
        let limits = DailyLimits.limits(
            for: LimitInputs(
                category: category,
                weightKilograms: 70,
                latestPotassiumMillimolesPerLiter: 5.8,
                latestPhosphorusMilligramsPerDeciliter: 6
            )
        )
        let sources =
            limits.map(\.source)
            + (BudgetRules.all + [SubstitutionFinder.rule, LabFoodRules.highPotassiumRichFood]).map(\.source.citation)
        for source in sources {
            #expect(!source.contains(".md") && !source.contains("§") && !source.contains("[R"), "\(source)")
        }
    }
}
