/// A sum of one nutrient over several foods, some of which may not know it.
///
/// When some parts are unknown the sum is a lower bound: `value` adds the known parts and `unknownParts` counts the
/// rest, so "358 mg + unknown in 1 food" is shown rather than a number that silently treats unknown as 0.
public struct NutrientTotal: Sendable, Equatable, Codable {
    /// The sum of the known parts, in the nutrient's unit.
    public var value: Double
    /// How many parts did not know this nutrient.
    public var unknownParts: Int
    /// How many parts there were.
    public var parts: Int

    /// A total from its parts.
    public init(value: Double = 0, unknownParts: Int = 0, parts: Int = 0) {
        self.value = value
        self.unknownParts = unknownParts
        self.parts = parts
    }

    /// True when no part knew the nutrient (and there was at least one part).
    public var isUnknown: Bool { parts > 0 && unknownParts == parts }

    /// True when every part knew it (an empty total is complete: nothing eaten is 0).
    public var isComplete: Bool { unknownParts == 0 }

    /// Adds one part, known or not.
    public mutating func add(_ amount: Double?) {
        parts += 1
        if let amount { value += amount } else { unknownParts += 1 }
    }
}

/// Totals of every nutrient over several parts (the foods of a recipe, the entries of a day).
public struct NutrientTotals: Sendable, Equatable, Codable {
    /// One total per nutrient.
    public var totals: [Nutrient: NutrientTotal]

    /// Empty totals (every nutrient 0 over no parts).
    public init() {
        totals = Dictionary(uniqueKeysWithValues: Nutrient.allCases.map { ($0, NutrientTotal()) })
    }

    /// The total of `nutrient`.
    public subscript(nutrient: Nutrient) -> NutrientTotal {
        totals[nutrient] ?? NutrientTotal()
    }

    /// Adds the amounts of one part.
    public mutating func add(_ amounts: NutrientAmounts) {
        for nutrient in Nutrient.allCases { totals[nutrient, default: NutrientTotal()].add(amounts[nutrient]) }
    }

    /// The sum of `parts`.
    public static func sum(_ parts: [NutrientAmounts]) -> NutrientTotals {
        var totals = NutrientTotals()
        for part in parts { totals.add(part) }
        return totals
    }
}
