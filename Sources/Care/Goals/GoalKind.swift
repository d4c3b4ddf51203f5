import Clinical
import Foundation
import HubCore

/// What a goal asks for. Targets are in canonical units (kg, mm[Hg], the lab's canonical unit, steps).
///
/// Intake goals read the nutrition log's daily totals (`DailyIntake`); the fruit-and-vegetable goal reads the log's
/// cups of USDA fruit and vegetable foods (`FruitVegetableCups`) and is gated on potassium (`PotassiumGate`).
public enum GoalKind: Sendable, Hashable, Codable {
    /// The weight (after dialysis, when the weights carry phases) between two values: a target weight with a
    /// tolerance, or the dry-weight range.
    case weightRange(lowKilograms: Double, highKilograms: Double)
    /// The mean systolic and diastolic pressure of the period below the targets.
    case bloodPressureBelow(systolic: Double, diastolic: Double)
    /// The latest result of a lab in the period within the range (either end may be open).
    case labInRange(analyte: String, low: Double?, high: Double?)
    /// The eGFR slope over the last year no steeper than a decline of this many mL/min/1.73 m² per year.
    case egfrStable(maximumDeclinePerYear: Double)
    /// Every interdialytic weight gain of the period below this percentage of the dry weight.
    case interdialyticGainBelow(percentOfDryWeight: Double)
    /// At least this many steps a day (on average over a week or month).
    case stepsPerDay(Int)
    /// Each day's intake of a nutrient or of fluid within the limits (the profile's daily limits, nutrition.md §2).
    case intakeWithin(subject: IntakeSubject, minimum: Double?, maximum: Double?)
    /// Drink at least this much a day (on average over a week or month); only for categories without a fluid
    /// restriction (nutrition.md §2.6).
    case drinkWater(milliliters: Double)
    /// Eat at least this many cups of fruit and vegetables a day (on average over a week or month), counted from the
    /// intake log's USDA fruit (0900) and vegetable (1100) foods; offered only while the potassium labs allow it
    /// (`PotassiumGate`).
    case fruitVegetableCups(Double)
    /// Every scheduled medication dose taken, each day of the period (days without scheduled doses do not count):
    /// read from the dose log and the schedule (`Adherence.fullDays`); met days in a row make the streak.
    case medicationsTaken

    /// False for goals counted per day (steps, intake, drinking), which need a day, week or month: an until-date
    /// has no number of days to count over.
    public var acceptsUntilPeriod: Bool {
        switch self {
        case .stepsPerDay, .intakeWithin, .drinkWater, .fruitVegetableCups, .medicationsTaken: false
        default: true
        }
    }

    /// Checks that the goal can be assessed over `period`, then its targets.
    public func validate(period: GoalPeriod) throws(GoalFieldError) {
        if case .until = period, !acceptsUntilPeriod {
            throw GoalFieldError(field: "period", reason: "\(name) goals are counted per day: use day, week or month")
        }
        try validate()
    }

    /// True when the goal is judged on the intake log's daily totals.
    public var usesIntake: Bool {
        switch self {
        case .intakeWithin, .drinkWater, .fruitVegetableCups: true
        default: false
        }
    }

    /// The device-reading kinds whose new readings can change this goal's progress (its ingest trigger).
    public var readingKinds: Set<MeasurementKind> {
        switch self {
        case .weightRange, .interdialyticGainBelow: [.bodyWeight]
        case .bloodPressureBelow: [.bloodPressure]
        case .stepsPerDay: [.steps]
        case .labInRange, .egfrStable, .intakeWithin, .drinkWater, .fruitVegetableCups, .medicationsTaken: []
        }
    }

    /// The labs whose new results can change this goal's progress.
    public var labAnalytes: Set<String> {
        switch self {
        case .labInRange(let analyte, _, _): [analyte]
        case .egfrStable: ["egfr"]
        // A new potassium result can stop (or resume) its rewards.
        case .fruitVegetableCups: [PotassiumGate.analyte]
        default: []
        }
    }

    /// True when the goal can be met before its period ends (more steps never undo the day's total); other goals
    /// are judged when the period closes, on all of its data.
    public var canBeMetEarly: Bool {
        switch self {
        case .stepsPerDay, .drinkWater, .fruitVegetableCups: true
        default: false
        }
    }

    /// A short name of the kind, as on the command line: `weight`, `blood-pressure`, `lab`, `egfr-stable`,
    /// `interdialytic-gain`, `steps`.
    public var name: String {
        switch self {
        case .weightRange: "weight"
        case .bloodPressureBelow: "blood-pressure"
        case .labInRange: "lab"
        case .egfrStable: "egfr-stable"
        case .interdialyticGainBelow: "interdialytic-gain"
        case .stepsPerDay: "steps"
        case .intakeWithin: "intake"
        case .drinkWater: "drink-water"
        case .fruitVegetableCups: "fruit-vegetables"
        case .medicationsTaken: "medications-taken"
        }
    }

    /// What the goal asks for, in words.
    public var summary: String {
        switch self {
        case .weightRange(let low, let high):
            return low == high ? "weight \(Self.number(low)) kg" : "weight \(Self.number(low))–\(Self.number(high)) kg"
        case .bloodPressureBelow(let systolic, let diastolic):
            return "blood pressure below \(Self.number(systolic))/\(Self.number(diastolic)) mmHg"
        case .labInRange(let analyte, let low, let high):
            let range =
                switch (low, high) {
                case (let low?, let high?): "\(Self.number(low))–\(Self.number(high))"
                case (let low?, nil): "≥ \(Self.number(low))"
                case (nil, let high?): "≤ \(Self.number(high))"
                case (nil, nil): "recorded"
                }
            let unit =
                LabCatalog.standard.analyte(id: analyte).map { UnitDisplayName.text($0.canonicalUnit.code) } ?? ""
            return "\(analyte) \(range) \(unit)".trimmingCharacters(in: .whitespaces)
        case .egfrStable(let decline):
            return "eGFR stable (decline ≤ \(Self.number(decline)) mL/min/1.73 m² a year)"
        case .interdialyticGainBelow(let percent):
            return "interdialytic weight gain below \(Self.number(percent)) % of dry weight"
        case .stepsPerDay(let steps):
            return "\(steps) steps a day"
        case .intakeWithin(let subject, let minimum, let maximum):
            let range =
                switch (minimum, maximum) {
                case (let low?, let high?): "\(Self.number(low))–\(Self.number(high))"
                case (let low?, nil): "at least \(Self.number(low))"
                case (nil, let high?): "at most \(Self.number(high))"
                case (nil, nil): "logged"
                }
            return "\(subject.rawValue) \(range) \(subject.unit) a day"
        case .drinkWater(let milliliters):
            return "drink \(Self.number(milliliters)) mL a day"
        case .fruitVegetableCups(let cups):
            return "\(Self.number(cups)) cup\(cups == 1 ? "" : "s") of fruit and vegetables a day"
        case .medicationsTaken:
            return "every scheduled medication dose taken, each day"
        }
    }

    /// Checks that the targets are numbers a person could mean: positive, ordered, and a known lab.
    public func validate() throws(GoalFieldError) {
        switch self {
        case .weightRange(let low, let high):
            guard low.isFinite, high.isFinite, low >= 20, high <= 400 else {
                // The same bounds as a typed weight (EntryPlausibility): 20–400 kg.
                throw GoalFieldError(field: "target", reason: "weights must be 20–400 kg")
            }
            guard low <= high else {
                throw GoalFieldError(field: "target", reason: "the low end is above the high end")
            }
        case .bloodPressureBelow(let systolic, let diastolic):
            guard (70...250).contains(systolic), (40...150).contains(diastolic), diastolic < systolic else {
                throw GoalFieldError(
                    field: "target",
                    reason: "systolic 70–250 and diastolic 40–150 mmHg, diastolic below systolic"
                )
            }
        case .labInRange(let analyte, let low, let high):
            guard let lab = LabCatalog.standard.analyte(id: analyte) else {
                let known = LabCatalog.standard.analytes.map(\.id).joined(separator: ", ")
                throw GoalFieldError(field: "lab", reason: "'\(analyte)' is not a known lab (known: \(known))")
            }
            guard low != nil || high != nil else {
                throw GoalFieldError(field: "target", reason: "give a low end, a high end or both")
            }
            for (name, value) in [("low", low), ("high", high)] {
                if let value, !lab.plausibleRange.contains(value) {
                    throw GoalFieldError(
                        field: "target.\(name)",
                        reason: "\(value) is outside \(lab.plausibleRange) \(lab.canonicalUnit.code)"
                    )
                }
            }
            if let low, let high, low > high {
                throw GoalFieldError(field: "target", reason: "the low end is above the high end")
            }
        case .egfrStable(let decline):
            guard decline.isFinite, decline >= 0, decline <= 50 else {
                throw GoalFieldError(field: "target", reason: "a decline of 0–50 mL/min/1.73 m² a year")
            }
        case .interdialyticGainBelow(let percent):
            guard percent.isFinite, percent > 0, percent <= 10 else {
                throw GoalFieldError(field: "target", reason: "a percentage of the dry weight above 0 and up to 10")
            }
        case .stepsPerDay(let steps):
            guard (1...100_000).contains(steps) else {
                throw GoalFieldError(field: "target", reason: "1 to 100000 steps")
            }
        case .intakeWithin(_, let minimum, let maximum):
            guard minimum != nil || maximum != nil else {
                throw GoalFieldError(field: "target", reason: "give a minimum, a maximum or both")
            }
            for value in [minimum, maximum].compactMap({ $0 }) where !(value.isFinite && value >= 0 && value <= 100_000)
            {
                throw GoalFieldError(field: "target", reason: "\(value) is not a daily amount (0–100000)")
            }
            if let minimum, let maximum, minimum > maximum {
                throw GoalFieldError(field: "target", reason: "the minimum is above the maximum")
            }
        case .drinkWater(let milliliters):
            // 10 L a day is beyond any drinking goal; a typo in L instead of mL lands below 50.
            guard milliliters.isFinite, (50...10_000).contains(milliliters) else {
                throw GoalFieldError(field: "target", reason: "50 to 10000 mL a day")
            }
        case .fruitVegetableCups(let cups):
            // MyPlate's largest adult daily amounts are 2.5 cups of fruit and 4 of vegetables (Dietary Guidelines
            // 2020–2025, appendix 3); 10 cups a day is beyond any goal.
            guard cups.isFinite, cups > 0, cups <= 10 else {
                throw GoalFieldError(field: "target", reason: "more than 0 and at most 10 cups a day")
            }
        case .medicationsTaken:
            break
        }
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
