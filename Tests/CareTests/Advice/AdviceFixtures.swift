import Care
import Clinical
import HubCore

/// Food portions with their USDA SR28 values per portion (nutrients per 100 g × grams / 100; NDB numbers beside).
enum Foods {
    static func food(
        _ name: String,
        group: String?,
        grams: Double,
        liquid: Bool = false,
        fluid: Double = 0,
        _ nutrients: [Nutrient: Double]
    ) -> AdviceFood {
        AdviceFood(
            name: name,
            group: group,
            isLiquid: liquid,
            grams: grams,
            nutrients: NutrientAmounts(nutrients),
            fluidMilliliters: fluid
        )
    }

    static let fruits = "Fruits and Fruit Juices"
    /// 09040, 1 medium 118 g.
    static let banana = food(
        "Bananas, raw",
        group: fruits,
        grams: 118,
        [.potassium: 422, .phosphorus: 26, .sodium: 1, .protein: 1.3, .vitaminK: 0.6, .calcium: 6]
    )
    /// 09003, 1 medium 182 g.
    static let apple = food(
        "Apples, raw, with skin",
        group: fruits,
        grams: 182,
        [.potassium: 195, .phosphorus: 20, .sodium: 2, .protein: 0.5, .vitaminK: 4, .calcium: 11, .fiber: 4.4]
    )
    /// 09206, 1 cup 248 g.
    static let orangeJuice = food(
        "Orange juice, raw",
        group: fruits,
        grams: 248,
        liquid: true,
        fluid: 219,
        [.potassium: 496, .phosphorus: 42, .sodium: 2, .protein: 1.7, .calcium: 27]
    )
    /// 09128, 1 cup 247 g.
    static let grapefruitJuice = food(
        "Grapefruit juice, white, raw",
        group: fruits,
        grams: 247,
        liquid: true,
        fluid: 223,
        [.potassium: 400, .phosphorus: 37, .sodium: 2, .calcium: 22]
    )
    /// 09112, 1/2 fruit 123 g.
    static let grapefruit = food(
        "Grapefruit, raw, pink and red and white, all areas",
        group: fruits,
        grams: 123,
        [.potassium: 166, .calcium: 27]
    )
    /// 09295 pummelo, 1 cup 190 g.
    static let pummelo = food("Pummelo, raw", group: fruits, grams: 190, [.potassium: 410, .calcium: 8])
    /// 09200, 1 medium 131 g.
    static let orange = food(
        "Oranges, raw, all commercial varieties",
        group: fruits,
        grams: 131,
        [.potassium: 237, .calcium: 52, .phosphorus: 18, .sodium: 0, .protein: 1.2]
    )
    /// 09060, 1 medium 91 g.
    static let starFruit = food(
        "Carambola, (starfruit), raw",
        group: fruits,
        grams: 91,
        [.potassium: 121, .calcium: 3]
    )
    /// 01077, 1 cup 244 g.
    static let milk = food(
        "Milk, whole, 3.25% milkfat, with added vitamin D",
        group: "Dairy and Egg Products",
        grams: 244,
        liquid: true,
        fluid: 215,
        [.potassium: 322, .phosphorus: 205, .calcium: 276, .sodium: 105, .protein: 7.7]
    )
    /// 01009, 1 oz 28 g.
    static let cheddar = food(
        "Cheese, cheddar",
        group: "Dairy and Egg Products",
        grams: 28,
        [.calcium: 199, .phosphorus: 128, .sodium: 182, .potassium: 21, .protein: 7]
    )
    /// 01012, 1/2 cup 113 g.
    static let cottageCheese = food(
        "Cheese, cottage, creamed, large or small curd",
        group: "Dairy and Egg Products",
        grams: 113,
        [.calcium: 94, .phosphorus: 179, .sodium: 412, .potassium: 118, .protein: 12.5]
    )
    /// 12117, 1 cup 240 g.
    static let coconutMilk = food(
        "Nuts, coconut milk, raw (liquid expressed from grated meat and water)",
        group: "Nut and Seed Products",
        grams: 240,
        liquid: true,
        fluid: 163,
        [.calcium: 38, .potassium: 631]
    )
    /// 11458, 1/2 cup 90 g.
    static let spinachCooked = food(
        "Spinach, cooked, boiled, drained, without salt",
        group: "Vegetables and Vegetable Products",
        grams: 90,
        [.vitaminK: 444, .potassium: 419, .calcium: 122, .fiber: 2.2]
    )
    /// 12155, 1 oz 28 g.
    static let walnuts = food(
        "Nuts, walnuts, english",
        group: "Nut and Seed Products",
        grams: 28,
        [.fiber: 1.9, .calcium: 27, .potassium: 125]
    )
    /// 20045, 1 cup 158 g.
    static let whiteRice = food(
        "Rice, white, long-grain, regular, enriched, cooked",
        group: "Cereal Grains and Pasta",
        grams: 158,
        [.potassium: 55, .phosphorus: 68, .sodium: 2, .protein: 4.3, .fiber: 0.6, .calcium: 16]
    )
    /// 20037, 1 cup 195 g.
    static let brownRice = food(
        "Rice, brown, long-grain, cooked",
        group: "Cereal Grains and Pasta",
        grams: 195,
        [.potassium: 154, .phosphorus: 203, .sodium: 10, .protein: 5, .fiber: 3.5, .calcium: 20]
    )
    /// 14003, 12 fl oz 356 g.
    static let beer = food(
        "Alcoholic beverage, beer, regular, all",
        group: "Beverages",
        grams: 356,
        liquid: true,
        fluid: 327,
        [.alcohol: 13.9, .potassium: 96, .sodium: 14]
    )
    /// 14411, 1 cup 237 g.
    static let water = food(
        "Beverages, water, tap, drinking",
        group: "Beverages",
        grams: 237,
        liquid: true,
        fluid: 237,
        [.sodium: 9, .calcium: 7]
    )
    /// 14209, 1 cup 237 g.
    static let coffee = food(
        "Beverages, coffee, brewed, prepared with tap water",
        group: "Beverages",
        grams: 237,
        liquid: true,
        fluid: 236,
        [.potassium: 116, .calcium: 5]
    )
    /// 06419, 1 cup 248 g.
    static let chickenNoodleSoup = food(
        "Soup, chicken noodle, canned, prepared with equal volume water",
        group: "Soups, Sauces, and Gravies",
        grams: 248,
        liquid: true,
        fluid: 228,
        [.sodium: 863, .potassium: 55]
    )
    /// A salt substitute (custom food, no USDA group; potassium chloride, about 50 % K by weight), 1 g.
    static let saltSubstitute = food("Salt substitute, potassium chloride", group: nil, grams: 1, [.potassium: 524])
}

/// Patient states used across the tables.
enum States {
    static func limits(_ category: DiseaseCategory, potassium: Double? = nil, phosphorus: Double? = nil) -> [DailyLimit]
    {
        DailyLimits.limits(
            for: LimitInputs(
                category: category,
                weightKilograms: 70,
                latestPotassiumMillimolesPerLiter: potassium,
                latestPhosphorusMilligramsPerDeciliter: phosphorus
            )
        )
    }

    static func lab(_ id: String, _ value: Double, unit: String, on day: String) -> LabValue {
        let date = try! RFC3339.parse("\(day)T08:00:00Z")
        return LabValue(
            analyteID: id,
            value: value,
            unit: unit,
            originalValue: value,
            originalUnit: unit,
            takenAt: date
        )
    }

    /// A day's intake of `potassium` mg (one entry).
    static func eaten(potassium: Double, sodium: Double = 0, phosphorus: Double = 0, fluid: Double = 0) -> DailyIntake {
        DailyIntake([
            IntakeContribution(
                nutrients: NutrientAmounts([
                    .potassium: potassium, .sodium: sodium, .phosphorus: phosphorus, .protein: 20,
                ]),
                fluidMilliliters: fluid
            )
        ])
    }

    /// Hemodialysis, 2,200 mg potassium eaten, last serum potassium 5.6 mmol/L on 2026-11-02.
    static let dialysisHighPotassium = PatientAdviceState(
        category: .hemodialysis,
        limits: limits(.hemodialysis),
        today: eaten(potassium: 2200, sodium: 800, phosphorus: 300),
        labs: [
            lab("potassium", 4.9, unit: "mmol/L", on: "2026-10-05"),
            lab("potassium", 5.6, unit: "mmol/L", on: "2026-11-02"),
        ]
    )

    /// Hemodialysis, little eaten, potassium in range.
    static let dialysisMorning = PatientAdviceState(
        category: .hemodialysis,
        limits: limits(.hemodialysis),
        today: eaten(potassium: 300),
        labs: [lab("potassium", 4.5, unit: "mmol/L", on: "2026-11-02")]
    )

    /// Hemodialysis, potassium budget used up.
    static let dialysisPotassiumSpent = PatientAdviceState(
        category: .hemodialysis,
        limits: limits(.hemodialysis),
        today: eaten(potassium: 3050)
    )

    /// CKD G2 without labs: only the sodium limit.
    static let earlyCKD = PatientAdviceState(category: .ckdG2, limits: limits(.ckdG2), today: eaten(potassium: 1000))

    /// Transplant on tacrolimus.
    static let transplantTacrolimus = PatientAdviceState(
        category: .kidneyTransplant,
        limits: limits(.kidneyTransplant),
        medications: [Medication(name: "Prograf 1 mg")]
    )

    /// CKD G4 on lisinopril with serum K 5.4: potassium budget on.
    static let ckdOnLisinopril = PatientAdviceState(
        category: .ckdG4,
        limits: limits(.ckdG4, potassium: 5.4),
        today: eaten(potassium: 800),
        labs: [lab("potassium", 5.4, unit: "mmol/L", on: "2026-11-10")],
        medications: [Medication(name: "lisinopril 10 mg")]
    )
}
