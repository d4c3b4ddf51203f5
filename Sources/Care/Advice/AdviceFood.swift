/// A food portion as the advice rules see it: its name, USDA food group, whether it is liquid, and the nutrients and
/// fluid of the portion.
public struct AdviceFood: Sendable, Equatable, Codable {
    /// The food's name ("Orange juice, raw").
    public var name: String
    /// The USDA food group ("Fruits and Fruit Juices"); nil for custom foods and recipes.
    public var group: String?
    /// Liquid at room temperature.
    public var isLiquid: Bool
    /// The portion's weight in grams.
    public var grams: Double
    /// The portion's nutrients (absent is unknown).
    public var nutrients: NutrientAmounts
    /// The portion's fluid in mL.
    public var fluidMilliliters: Double

    /// A food portion from its parts.
    public init(
        name: String,
        group: String?,
        isLiquid: Bool,
        grams: Double,
        nutrients: NutrientAmounts,
        fluidMilliliters: Double
    ) {
        self.name = name
        self.group = group
        self.isLiquid = isLiquid
        self.grams = grams
        self.nutrients = nutrients
        self.fluidMilliliters = fluidMilliliters
    }

    /// The portion of `grams` of a food described by `facts`.
    public init(facts: FoodFacts, group: String?, grams: Double) {
        self.init(
            name: facts.name,
            group: group,
            isLiquid: facts.isLiquid,
            grams: grams,
            nutrients: facts.per100Grams.forPortion(grams: grams),
            fluidMilliliters: facts.isLiquid ? Portion.fluid(grams: grams, per100Grams: facts.per100Grams) : 0
        )
    }

    /// The amount of a limit's subject in this portion (fluid is always known).
    public func amount(of subject: IntakeSubject) -> Double? {
        guard let nutrient = subject.nutrient else { return fluidMilliliters }
        return nutrients[nutrient]
    }

    /// The name's words, lower-cased, split on anything that is not a letter or digit.
    public var nameWords: [String] { FoodWords.words(name) }
}

/// Splits names into lower-case words for whole-word matching (never substring matching inside a word).
public enum FoodWords {
    /// The lower-case words of `text`.
    public static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}
