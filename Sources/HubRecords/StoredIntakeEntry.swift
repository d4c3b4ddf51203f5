import Care
import Clinical
import HubCore

/// One entry of a profile's intake log, with what it added as logged (a snapshot: later edits of the food or
/// recipe do not change it).
public struct StoredIntakeEntry: Sendable, Equatable, Codable {
    /// A food eaten or a fluid drunk.
    public enum Kind: String, Sendable, Codable {
        case food
        case fluid
    }

    public var id: Int64
    public var profileId: Int64
    public var kind: Kind
    /// The meal (foods only).
    public var meal: Meal?
    /// When it was eaten or drunk, as typed (UTC epoch ms and the offset of the time zone it was typed in).
    public var takenAt: RFC3339Timestamp
    /// The profile's local date of `takenAt` when logged.
    public var localDate: CalendarDate
    /// The food logged, while it exists.
    public var foodId: Int64?
    /// The food's name when logged, or what was drunk.
    public var description: String
    /// The amount typed, in `unit`.
    public var amount: Double
    /// The unit typed (a food's unit, or mL / [foz_us] for fluid).
    public var unit: String
    /// The food's weight in grams (foods only).
    public var grams: Double?
    /// Whether the food counted as fluid.
    public var isLiquid: Bool
    /// The fluid it added in mL.
    public var fluidMilliliters: Double
    /// The nutrients eaten (foods only; unknown ones absent).
    public var nutrients: NutrientAmounts?

    /// What it adds to the day's totals.
    public var contribution: IntakeContribution {
        IntakeContribution(nutrients: nutrients, fluidMilliliters: fluidMilliliters)
    }

    /// A value from its parts.
    package init(
        id: Int64,
        profileId: Int64,
        kind: Kind,
        meal: Meal? = nil,
        takenAt: RFC3339Timestamp,
        localDate: CalendarDate,
        foodId: Int64? = nil,
        description: String,
        amount: Double,
        unit: String,
        grams: Double? = nil,
        isLiquid: Bool,
        fluidMilliliters: Double,
        nutrients: NutrientAmounts? = nil
    ) {
        self.id = id
        self.profileId = profileId
        self.kind = kind
        self.meal = meal
        self.takenAt = takenAt
        self.localDate = localDate
        self.foodId = foodId
        self.description = description
        self.amount = amount
        self.unit = unit
        self.grams = grams
        self.isLiquid = isLiquid
        self.fluidMilliliters = fluidMilliliters
        self.nutrients = nutrients
    }
}
