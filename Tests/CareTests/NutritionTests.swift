import Care
import Clinical
import Foundation
import HubCore
import TestSupport
import Testing

/// Nutrition math (portions, recipes, daily totals, limits, search folding) against hand-computed values.
struct NutritionTests {
    /// A banana as USDA SR28 NDB 09040 lists it (values per 100 g; phosphorus 22 mg, potassium 358 mg).
    static let banana = FoodFacts(
        name: "Bananas, raw",
        per100Grams: NutrientAmounts([.potassium: 358, .phosphorus: 22, .sodium: 1, .protein: 1.09, .water: 74.91]),
        measures: [
            HouseholdMeasure(amount: 1, description: "cup, mashed", grams: 225),
            HouseholdMeasure(amount: 1, description: "medium (7\" to 7-7/8\" long)", grams: 118),
        ],
        isLiquid: false
    )
    /// Vanilla ice cream as USDA SR28 NDB 19095 lists it: 61 g water per 100 g, "serving 1/2 cup" = 66 g.
    static let iceCream = FoodFacts(
        name: "Ice creams, vanilla",
        per100Grams: NutrientAmounts([.potassium: 199, .phosphorus: 105, .sodium: 80, .protein: 3.5, .water: 61]),
        measures: [HouseholdMeasure(amount: 1, description: "serving 1/2 cup", grams: 66)],
        isLiquid: true
    )

    @Test func aHouseholdMeasureGivesGramsAndNutrients() throws {
        let portion = try Portion(of: Self.banana, amount: 1, unit: "medium")
        #expect(portion.grams == 118)
        #expect(isClose(portion.nutrients[.potassium] ?? 0, 358 * 1.18))  // 422.44 mg
        #expect(portion.nutrients[.calcium] == nil)  // unknown stays unknown, never 0
        #expect(portion.fluidMilliliters == 0)  // a banana is not a fluid
        let two = try Portion(of: Self.banana, amount: 2, unit: "CUP, MASHED")
        #expect(two.grams == 450)
        let ounces = try Portion(of: Self.banana, amount: 2, unit: "oz")
        #expect(isClose(ounces.grams, 56.69904625))  // 2 × 28.349523125 g, exact avoirdupois ounce
    }

    @Test func aLiquidFoodAddsItsWaterAsFluid() throws {
        let serving = try Portion(of: Self.iceCream, amount: 1, unit: "serving")  // the only measure starting so
        #expect(serving.grams == 66)
        #expect(isClose(serving.fluidMilliliters, 40.26))  // 66 g × 61 / 100
        var unknownWater = Self.iceCream
        unknownWater.per100Grams[.water] = nil
        #expect(try Portion(of: unknownWater, amount: 100, unit: "g").fluidMilliliters == 100)
    }

    @Test func badPortionsAreRefusedWithTheUnitsTheFoodHas() {
        #expect(
            throws: PortionError.unknownUnit("slice", food: "Bananas, raw", available: ["g", "oz", "cup", "medium"])
        ) {
            try Portion(of: Self.banana, amount: 1, unit: "slice")
        }
        #expect(throws: PortionError.amountNotPositive(-1)) { try Portion(of: Self.banana, amount: -1, unit: "g") }
        #expect(throws: PortionError.amountNotPositive(0)) { try Portion(of: Self.banana, amount: 0, unit: "g") }
        #expect(throws: PortionError.amountTooLarge(5000, maximum: 1000)) {
            try Portion(of: Self.banana, amount: 5000, unit: "g")
        }
        #expect(throws: PortionError.tooHeavy(grams: 22_500, maximum: 5000)) {
            try Portion(of: Self.banana, amount: 100, unit: "cup")
        }
    }

    @Test func recipeTotalsAreTheSumsOfTheIngredients() throws {
        let paneer = FoodFacts(
            name: "Paneer",
            per100Grams: NutrientAmounts([.potassium: 100, .phosphorus: 190, .sodium: 20, .protein: 25]),
            measures: [],
            isLiquid: false
        )
        let tomato = FoodFacts(
            name: "Tomatoes",
            per100Grams: NutrientAmounts([.potassium: 237, .phosphorus: 24, .sodium: 5, .protein: 0.88]),
            measures: [HouseholdMeasure(amount: 1, description: "medium whole", grams: 123)],
            isLiquid: false
        )
        let spice = FoodFacts(
            name: "Spice",
            per100Grams: NutrientAmounts([.phosphorus: 300, .sodium: 1000, .protein: 10]),  // potassium unknown
            measures: [],
            isLiquid: false
        )
        let recipe = try Recipe(
            name: "Kandai Paneer",
            ingredients: [
                .init(foodName: "Paneer", portion: try Portion(of: paneer, amount: 100, unit: "g")),
                .init(foodName: "Tomatoes", portion: try Portion(of: tomato, amount: 1, unit: "medium")),
                .init(foodName: "Spice", portion: try Portion(of: spice, amount: 2, unit: "g")),
            ],
            servings: 2
        )
        // By hand: 100 + 123 + 2 = 225 g.
        #expect(recipe.totalGrams == 225)
        #expect(recipe.servingGrams == 112.5)
        // Phosphorus: 190 + 24 × 1.23 + 300 × 0.02 = 190 + 29.52 + 6 = 225.52 mg.
        #expect(isClose(recipe.totals[.phosphorus].value, 225.52))
        #expect(isClose(recipe.perServing[.phosphorus] ?? 0, 112.76))
        #expect(isClose(recipe.per100Grams[.phosphorus] ?? 0, 225.52 / 225 * 100))
        // Sodium: 20 + 5 × 1.23 + 1000 × 0.02 = 20 + 6.15 + 20 = 46.15 mg.
        #expect(isClose(recipe.totals[.sodium].value, 46.15))
        // Protein: 25 + 0.88 × 1.23 + 10 × 0.02 = 25 + 1.0824 + 0.2 = 26.2824 g.
        #expect(isClose(recipe.totals[.protein].value, 26.2824))
        // Potassium: the spice does not know it, so the total is a lower bound and per serving is unknown.
        #expect(isClose(recipe.totals[.potassium].value, 100 + 237 * 1.23))
        #expect(recipe.totals[.potassium].unknownParts == 1)
        #expect(recipe.perServing[.potassium] == nil)
        #expect(recipe.per100Grams[.potassium] == nil)
        #expect(recipe.totals[.calcium].isUnknown)
        #expect(!recipe.isLiquid)
        #expect(throws: RecipeError.noIngredients) { try Recipe(name: "Empty", ingredients: [], servings: 1) }
        #expect(throws: RecipeError.servings(0)) {
            try Recipe(name: "x", ingredients: recipe.ingredients, servings: 0)
        }
    }

    @Test func dailyTotalsAddFoodsAndFluids() throws {
        let banana = try Portion(of: Self.banana, amount: 1, unit: "medium")
        let iceCream = try Portion(of: Self.iceCream, amount: 1, unit: "serving")
        let intake = DailyIntake([
            IntakeContribution(nutrients: banana.nutrients, fluidMilliliters: banana.fluidMilliliters),
            IntakeContribution(nutrients: iceCream.nutrients, fluidMilliliters: iceCream.fluidMilliliters),
            IntakeContribution(nutrients: nil, fluidMilliliters: 250),  // a glass of water
        ])
        // Potassium 422.44 + 199 × 0.66 = 422.44 + 131.34 = 553.78 mg; fluid 250 + 40.26 = 290.26 mL.
        #expect(isClose(intake.nutrients[.potassium].value, 553.78))
        #expect(intake.nutrients[.potassium].parts == 2)  // the water adds no nutrient, known or unknown
        #expect(isClose(intake.fluidMilliliters, 290.26))
        #expect(intake.total(of: .fluid).value == intake.fluidMilliliters)
        #expect(intake.nutrients[.calcium].isUnknown)
    }

    @Test func limitsFollowCategoryWeightAndLabs() throws {
        let hemodialysis = DailyLimits.limits(for: LimitInputs(category: .hemodialysis, weightKilograms: 70))
        let protein = try #require(hemodialysis.first { $0.subject == .protein })
        #expect(isClose(protein.minimum ?? 0, 70) && isClose(protein.maximum ?? 0, 84))  // 1.0–1.2 g/kg × 70 kg
        #expect(hemodialysis.first { $0.subject == .fluid }?.maximum == 1000)  // anuric default
        #expect(hemodialysis.first { $0.subject == .potassium }?.maximum == 3000)
        #expect(hemodialysis.first { $0.subject == .phosphorus }?.maximum == 1000)
        #expect(hemodialysis.first { $0.subject == .sodium }?.maximum == 2300)
        #expect(hemodialysis.allSatisfy { !$0.source.isEmpty })
        let withUrine = DailyLimits.limits(
            for: LimitInputs(category: .hemodialysis, weightKilograms: 70, urineOutputMillilitersPerDay: 500)
        )
        #expect(withUrine.first { $0.subject == .fluid }?.maximum == 1500)  // 500 mL urine + 1,000 mL

        // CKD G2 without a restriction: a drinking goal of half the body weight in lb as fl oz.
        let early = DailyLimits.limits(for: LimitInputs(category: .ckdG2, weightKilograms: 80))
        let fluid = try #require(early.first { $0.subject == .fluid })
        #expect(fluid.maximum == nil)
        #expect(isClose(fluid.minimum ?? 0, 80 / 0.45359237 / 2 * 29.5735295625, relative: 1e-9))  // ≈ 2,608 mL
        #expect(isClose(early.first { $0.subject == .protein }?.maximum ?? 0, 64))  // 0.8 g/kg × 80 kg
        #expect(!early.contains { $0.subject == .potassium })

        // CKD G3a: potassium and phosphorus budgets start with high serum levels only.
        let stage3 = LimitInputs(category: .ckdG3a, weightKilograms: 60)
        #expect(!DailyLimits.limits(for: stage3).contains { $0.subject == .potassium || $0.subject == .fluid })
        var highLabs = stage3
        highLabs.latestPotassiumMillimolesPerLiter = 5.4
        highLabs.latestPhosphorusMilligramsPerDeciliter = 5.2
        let budgets = DailyLimits.limits(for: highLabs)
        #expect(budgets.first { $0.subject == .potassium }?.maximum == 3000)
        #expect(budgets.first { $0.subject == .phosphorus }?.maximum == 1000)
        #expect(isClose(budgets.first { $0.subject == .protein }?.maximum ?? 0, 36))  // 0.60 g/kg × 60 kg
        var diabetic = stage3
        diabetic.hasDiabetes = true
        #expect(isClose(DailyLimits.limits(for: diabetic).first { $0.subject == .protein }?.maximum ?? 0, 48))

        // The care team's limit replaces the default.
        let overridden = DailyLimits.limits(
            for: LimitInputs(category: .hemodialysis, weightKilograms: 70),
            overrides: [CareTeamLimit(subject: .fluid, minimum: nil, maximum: 1200, note: "Dr Chen")]
        )
        let custom = try #require(overridden.first { $0.subject == .fluid })
        #expect(custom.maximum == 1200 && custom.setByCareTeam && custom.source.contains("Dr Chen"))
        #expect(overridden.filter { $0.subject == .fluid }.count == 1)
    }

    @Test func aLimitsBasisWritesItsNumbersWithoutADanglingPoint() throws {
        var inputs = LimitInputs(category: .ckdG3a, weightKilograms: 69.999)
        inputs.latestPotassiumMillimolesPerLiter = 5.999
        inputs.latestPhosphorusMilligramsPerDeciliter = 4.65
        let limits = DailyLimits.limits(for: inputs)
        let basis = { (subject: IntakeSubject) in limits.first { $0.subject == subject }?.basis ?? "" }
        #expect(basis(.potassium).contains("serum potassium 6 mmol/L"), "\(basis(.potassium))")
        #expect(basis(.phosphorus).contains("serum phosphorus 4.65 mg/dL"), "\(basis(.phosphorus))")
        #expect(basis(.protein).contains("× 70 kg"), "\(basis(.protein))")
        #expect(basis(.protein).contains("0.6 g/kg"), "\(basis(.protein))")
        #expect(!limits.contains { $0.basis.contains(". ") || $0.basis.hasSuffix(".") })
    }

    @Test func aTotalIsJudgedAgainstItsLimit() {
        let limit = DailyLimit(subject: .potassium, maximum: 3000, basis: "", source: "")
        #expect(limit.status(of: NutrientTotal(value: 3100, unknownParts: 0, parts: 3)) == .over)
        #expect(limit.status(of: NutrientTotal(value: 2900, unknownParts: 0, parts: 3)) == .within)
        #expect(limit.status(of: NutrientTotal(value: 3100, unknownParts: 1, parts: 3)) == .over)  // a lower bound
        #expect(limit.status(of: NutrientTotal(value: 0, unknownParts: 2, parts: 2)) == .unknown)
        let floor = DailyLimit(subject: .protein, minimum: 70, maximum: 84, basis: "", source: "")
        #expect(floor.status(of: NutrientTotal(value: 50, unknownParts: 0, parts: 2)) == .under)
        #expect(floor.status(of: NutrientTotal(value: 50, unknownParts: 1, parts: 2)) == .unknown)
    }

    @Test func searchWordsAreFoldedAsTheIndexFoldsThem() throws {
        #expect(FoodSearchQuery.fold("Crème Brûlée, 2%") == ["creme", "brulee", "2"])
        let query = try #require(FoodSearchQuery("raw BANANA"))
        #expect(query.words == ["raw", "banana"])
        #expect(query.tiers.count == 4)
        #expect(query.anyPrefix == "\"raw\"* AND \"banana\"*")
        #expect(query.matches(FoodSearchQuery.fold("Bananas, raw")))
        #expect(!query.matches(FoodSearchQuery.fold("Bananas, dehydrated")))
        #expect(FoodSearchQuery("  ,, ") == nil)
    }

    @Test func theFoodDatabaseTextIsParsedAndUnknownsStayUnknown() throws {
        let text = """
            H\t1\tUSDA SR28
            N\tphosphorus\t305\tmg\tPhosphorus
            N\tpotassium\t306\tmg\tPotassium
            G\t0900\tFruits
            F\t09040\t0900\tBananas, raw\t\t1\t0\t6\t22\t358
            F\t99999\t0900\tMystery fruit\t\t0\t0\t0\t\t12
            W\t09040\t1\t1\tmedium\t118
            """
        let database = try USDAFoodDatabase(parsing: text)
        #expect(database.foods.count == 2)
        #expect(database.foods[0].per100Grams[.potassium] == 358)
        #expect(database.foods[0].measures == [HouseholdMeasure(amount: 1, description: "medium", grams: 118)])
        #expect(database.foods[1].per100Grams[.phosphorus] == nil)
        #expect(throws: FoodDatabaseFormatError(line: 2, problem: "unknown nutrient or unit")) {
            try USDAFoodDatabase(parsing: "H\t1\tx\nN\tpotassium\t306\tg\tPotassium\n")
        }
    }

    @Test func nutrientUnitsAreInTheUnitTable() throws {
        for nutrient in Nutrient.allCases {
            #expect(UnitTable.standard.unit(nutrient.unit) != nil, "\(nutrient.unit)")
        }
        #expect(isClose(try UnitTable.convert(2.3, from: "g", to: "mg"), 2300))
        #expect(isClose(try UnitTable.convert(1, from: "[cup_us]", to: "[foz_us]"), 8))
    }

    @Test func aLimitSaysWhatIsLeftBelowItsMaximumAndWhatIsMissingToItsMinimum() {
        // Protein on hemodialysis: 1.0–1.2 g/kg of a 70 kg dry weight (KDOQI 2020).
        let protein = DailyLimit(subject: .protein, minimum: 70, maximum: 84, basis: "", source: "KDOQI 2020")
        #expect(protein.shortfall(of: NutrientTotal(value: 9, parts: 1)) == 61)
        #expect(protein.shortfall(of: NutrientTotal(value: 75, parts: 1)) == nil)
        #expect(protein.room(after: NutrientTotal(value: 75, parts: 1)) == 9)
        #expect(protein.room(after: NutrientTotal(value: 90, parts: 1)) == -6)
        let potassium = DailyLimit(subject: .potassium, maximum: 3000, basis: "", source: "")
        #expect(potassium.shortfall(of: NutrientTotal(value: 0, parts: 0)) == nil)
        let floorOnly = DailyLimit(subject: .protein, minimum: 70, basis: "", source: "")
        #expect(floorOnly.room(after: NutrientTotal(value: 80, parts: 1)) == nil)
    }
}
