/// What KidneyHub knows of a food for portioning: its nutrients per 100 g, its household measures and whether it is
/// liquid at room temperature (so its water counts as fluid, nutrition.md §2.6).
public struct FoodFacts: Sendable, Equatable, Codable {
    /// The food's name.
    public var name: String
    /// Nutrients per 100 g edible portion.
    public var per100Grams: NutrientAmounts
    /// The household measures the food can be logged in, besides grams and ounces.
    public var measures: [HouseholdMeasure]
    /// True when the food is liquid at room temperature (ice cream, gelatin, soup, ice pops, milk, juice …).
    public var isLiquid: Bool

    /// Facts from their parts.
    public init(name: String, per100Grams: NutrientAmounts, measures: [HouseholdMeasure], isLiquid: Bool) {
        self.name = name
        self.per100Grams = per100Grams
        self.measures = measures
        self.isLiquid = isLiquid
    }

    /// The measure shown as "a serving": a medium one, else one named serving, else the first USDA lists; nil for
    /// a food with no measures (then 100 g is shown).
    public var typicalServing: HouseholdMeasure? {
        measures.first { $0.shortName == "medium" } ?? measures.first { $0.shortName.hasPrefix("serving") }
            ?? measures.first
    }

    /// Every unit the food can be logged in: g, oz, then its measures' short names.
    public var unitNames: [String] {
        var names = ["g", "oz"]
        for measure in measures where !names.contains(measure.shortName) { names.append(measure.shortName) }
        return names
    }
}
