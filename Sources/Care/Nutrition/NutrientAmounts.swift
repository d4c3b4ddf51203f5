/// Amounts of nutrients; a nutrient that is absent is unknown (never 0), as USDA leaves values it does not have.
public struct NutrientAmounts: Sendable, Equatable, Codable {
    /// Known amounts, each in its nutrient's unit (`Nutrient.unit`).
    public var values: [Nutrient: Double]

    /// Amounts from known values; leave a nutrient out for unknown.
    public init(_ values: [Nutrient: Double] = [:]) {
        self.values = values
    }

    /// The amount of `nutrient`, or nil when unknown.
    public subscript(nutrient: Nutrient) -> Double? {
        get { values[nutrient] }
        set { values[nutrient] = newValue }
    }

    /// Reads a JSON object of known amounts keyed by nutrient (`{"potassium": 358}`).
    public init(from decoder: any Decoder) throws {
        values = try decoder.singleValueContainer().decode([Nutrient: Double].self)
    }

    /// Writes a JSON object of the known amounts keyed by nutrient; unknown ones are absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }

    /// These amounts times `factor` (unknown stays unknown).
    public func scaled(by factor: Double) -> NutrientAmounts {
        NutrientAmounts(values.mapValues { $0 * factor })
    }

    /// The amounts in `grams` of a food whose amounts per 100 g these are (nutrition.md §1.7: value × grams / 100).
    public func forPortion(grams: Double) -> NutrientAmounts {
        scaled(by: grams / 100)
    }
}
