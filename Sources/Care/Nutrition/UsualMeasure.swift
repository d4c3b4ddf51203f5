import Foundation

extension FoodFacts {
    /// The household measure a portion means when none is typed (`foods check banana`, `log food milk`): one
    /// common measure from USDA SR28's WEIGHT table, never 1 g. The first of, in order: a medium piece ("medium",
    /// "potato medium"), a slice, a cup, USDA's NLEA serving (the FDA reference amount customarily consumed,
    /// 21 CFR 101.12), an ounce, else the first measure USDA lists. Nil when the food has no measure.
    public var usualMeasure: HouseholdMeasure? {
        let preferences: [(HouseholdMeasure) -> Bool] = [
            { $0.shortName.split(separator: " ").contains("medium") },
            { $0.shortName == "slice" },
            { $0.shortName == "cup" },
            { $0.shortName == "nlea serving" },
            { $0.shortName == "oz" },
        ]
        for preferred in preferences {
            if let measure = measures.first(where: preferred) { return measure }
        }
        return measures.first
    }
}

extension Portion {
    /// The grams a portion means when the food has no household measure at all and none is typed.
    public static let gramsWithoutMeasure = 100.0

    /// The portion typed; when no unit is typed, `amount` (default 1) times the food's usual household measure
    /// (`FoodFacts.usualMeasure`), or 100 g when the food has none.
    public init(of food: FoodFacts, amount: Double?, unit: String?) throws(PortionError) {
        if let unit {
            try self.init(of: food, amount: amount ?? 1, unit: unit)
        } else if let measure = food.usualMeasure {
            try self.init(of: food, amount: (amount ?? 1) * measure.amount, unit: measure.description)
        } else {
            try self.init(of: food, amount: amount ?? Self.gramsWithoutMeasure, unit: "g")
        }
    }
}
