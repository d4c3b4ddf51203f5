import Foundation

/// A household measure of a food: `amount` × `description` weighs `grams` (USDA SR28 WEIGHT: Amount, Msre_Desc,
/// Gm_Wgt), for example 1 × "medium (7\" to 7-7/8\" long)" = 118 g for a banana.
public struct HouseholdMeasure: Sendable, Equatable, Codable {
    /// How many of the unit the weight is for (WEIGHT.Amount).
    public var amount: Double
    /// The unit as USDA writes it, for example `cup, sliced` or `medium (7" to 7-7/8" long)`.
    public var description: String
    /// The weight of `amount` units in grams (WEIGHT.Gm_Wgt).
    public var grams: Double

    /// A measure from its parts.
    public init(amount: Double, description: String, grams: Double) {
        self.amount = amount
        self.description = description
        self.grams = grams
    }

    /// The grams of one unit.
    public var gramsPerUnit: Double { grams / amount }

    /// The short name a user types for this unit: the description up to its first comma or parenthesis, lowercased
    /// ("medium" for `medium (7" to 7-7/8" long)`, "cup" for `cup, sliced`).
    public var shortName: String {
        let head = description.prefix { $0 != "," && $0 != "(" }
        return head.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Whether the typed `unit` names this measure: the whole description or its short name, ignoring case.
    public func matches(_ unit: String) -> Bool {
        let typed = unit.trimmingCharacters(in: .whitespaces).lowercased()
        return typed == description.lowercased() || typed == shortName
    }
}
