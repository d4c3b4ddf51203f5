import Foundation
import HubCore

/// An amount of a food as eaten: how much, in which unit, its weight and its nutrients.
public struct Portion: Sendable, Equatable, Codable {
    /// The amount typed, in `unit`.
    public var amount: Double
    /// The unit typed: `g`, `oz` or a household measure of the food.
    public var unit: String
    /// The portion's weight in grams.
    public var grams: Double
    /// The nutrients of the portion.
    public var nutrients: NutrientAmounts
    /// The fluid in the portion in mL: its water when the food is liquid at room temperature, else 0.
    public var fluidMilliliters: Double

    /// Limits that catch typing errors only, set by KidneyHub issue 8 (not clinical): one entry is at most 5 kg of
    /// food and at most 1,000 units of a measure.
    public static let maximumGrams = 5000.0
    public static let maximumAmount = 1000.0

    /// The portion of `amount` `unit` of `food`; the unit is g, oz (avoirdupois, through the unit table) or one of the
    /// food's household measures (its full description or short name, ignoring case).
    public init(of food: FoodFacts, amount: Double, unit: String, table: UnitTable = .standard) throws(PortionError) {
        guard amount.isFinite, amount > 0 else { throw .amountNotPositive(amount) }
        guard amount <= Self.maximumAmount else { throw .amountTooLarge(amount, maximum: Self.maximumAmount) }
        let typed = unit.trimmingCharacters(in: .whitespaces)
        let grams: Double
        switch typed.lowercased() {
        case "g", "gram", "grams":
            grams = amount
        case "oz", "[oz_av]", "ounce", "ounces":
            do {
                grams = try table.convert(amount, from: "[oz_av]", to: "g")
            } catch {
                throw .unknownUnit(typed, food: food.name, available: food.unitNames)
            }
        default:
            // The full description or its short name; else the first word when only one measure starts with it
            // ("serving" for ice cream's `serving 1/2 cup`).
            let firstWordMatches = food.measures.filter {
                $0.shortName.split(separator: " ").first.map(String.init) == typed.lowercased()
            }
            guard
                let measure = food.measures.first(where: { $0.matches(typed) })
                    ?? (firstWordMatches.count == 1 ? firstWordMatches[0] : nil)
            else {
                throw .unknownUnit(typed, food: food.name, available: food.unitNames)
            }
            grams = amount * measure.gramsPerUnit
        }
        guard grams <= Self.maximumGrams else { throw .tooHeavy(grams: grams, maximum: Self.maximumGrams) }
        self.amount = amount
        self.unit = typed
        self.grams = grams
        self.nutrients = food.per100Grams.forPortion(grams: grams)
        self.fluidMilliliters = food.isLiquid ? Self.fluid(grams: grams, per100Grams: food.per100Grams) : 0
    }

    /// The fluid of a liquid food's portion in mL: its water (1 g of water is 1 mL), or, when the water content is
    /// unknown, the whole weight (a fluid restriction errs on the side of counting more).
    public static func fluid(grams: Double, per100Grams: NutrientAmounts) -> Double {
        guard let water = per100Grams[.water] else { return grams }
        return water * grams / 100
    }
}

/// Why a portion was refused.
public enum PortionError: Error, Sendable, Equatable, CustomStringConvertible {
    case amountNotPositive(Double)
    case amountTooLarge(Double, maximum: Double)
    case tooHeavy(grams: Double, maximum: Double)
    case unknownUnit(String, food: String, available: [String])

    public var description: String {
        switch self {
        case .amountNotPositive(let amount):
            "--amount: \(AdviceNumber.text(amount)) is not a positive number;\ngive how much in --unit, "
                + "e.g. --amount 1.5 --unit cup"
        case .amountTooLarge(let amount, let maximum):
            "--amount \(amount) is not plausible (at most \(Int(maximum)) units in one entry)"
        case .tooHeavy(let grams, let maximum):
            "the portion would weigh \(Int(grams.rounded())) g, more than the \(Int(maximum)) g one entry may hold"
        case .unknownUnit(let unit, let food, let available):
            "'\(food)' has no unit '\(unit)'; its units are: \(available.joined(separator: ", "))"
        }
    }
}
