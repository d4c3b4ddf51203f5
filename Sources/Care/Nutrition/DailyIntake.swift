/// One entry of the intake log as the totals see it: the nutrients and the fluid it adds.
public struct IntakeContribution: Sendable, Equatable, Codable {
    /// The nutrients eaten; nil for a drink logged only as fluid (it adds no nutrient, known or unknown).
    public var nutrients: NutrientAmounts?
    /// The fluid it adds in mL.
    public var fluidMilliliters: Double

    /// A contribution from its parts.
    public init(nutrients: NutrientAmounts?, fluidMilliliters: Double) {
        self.nutrients = nutrients
        self.fluidMilliliters = fluidMilliliters
    }
}

/// A day's (or a range's) intake: nutrient totals and the fluid total, judged against limits.
public struct DailyIntake: Sendable, Equatable, Codable {
    /// Nutrient totals over the food entries.
    public var nutrients: NutrientTotals
    /// The fluid total in mL (manual fluid entries plus the water of liquid foods).
    public var fluidMilliliters: Double
    /// How many entries were summed.
    public var entries: Int

    /// The totals of `contributions`.
    public init(_ contributions: [IntakeContribution]) {
        nutrients = NutrientTotals.sum(contributions.compactMap(\.nutrients))
        fluidMilliliters = contributions.reduce(0) { $0 + $1.fluidMilliliters }
        entries = contributions.count
    }

    /// The total of a limit's subject (fluid is always known).
    public func total(of subject: IntakeSubject) -> NutrientTotal {
        guard let nutrient = subject.nutrient else {
            return NutrientTotal(value: fluidMilliliters, unknownParts: 0, parts: entries)
        }
        return nutrients[nutrient]
    }
}
