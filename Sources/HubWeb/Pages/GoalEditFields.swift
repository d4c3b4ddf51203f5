import Care
import Clinical

/// The number fields of a goal's edit form: each target value of its kind, named as `GoalTarget` names it, with its
/// label, its unit and its current value. The form only shows them; the goals service checks what is sent.
struct GoalEditField: Equatable {
    /// The `GoalTarget` property the field sets.
    var name: String
    var label: MessageKey
    /// The value's UCUM unit, empty when it has none; shown by its display name (`UnitDisplayName`).
    var unit: String
    var value: Double?

    /// The fields of a goal of `kind`; none for a goal without a number (every dose taken).
    static func fields(of kind: GoalKind) -> [GoalEditField] {
        switch kind {
        case .weightRange(let low, let high):
            [
                .init(name: "low", label: .goalLowest, unit: "kg", value: low),
                .init(name: "high", label: .goalHighest, unit: "kg", value: high),
            ]
        case .bloodPressureBelow(let systolic, let diastolic):
            [
                .init(name: "systolic", label: .goalSystolicBelow, unit: "mm[Hg]", value: systolic),
                .init(name: "diastolic", label: .goalDiastolicBelow, unit: "mm[Hg]", value: diastolic),
            ]
        case .labInRange(let analyte, let low, let high):
            [
                .init(name: "low", label: .goalLowest, unit: labUnit(analyte), value: low),
                .init(name: "high", label: .goalHighest, unit: labUnit(analyte), value: high),
            ]
        case .egfrStable(let decline):
            [.init(name: "maxDecline", label: .goalLargestDecline, unit: "mL/min/{1.73_m2}", value: decline)]
        case .interdialyticGainBelow(let percent):
            [.init(name: "percent", label: .goalGainBelow, unit: "%", value: percent)]
        case .stepsPerDay(let steps):
            [.init(name: "steps", label: .goalStepsADay, unit: "", value: Double(steps))]
        case .intakeWithin(let subject, let minimum, let maximum):
            [
                .init(name: "minimum", label: .goalDailyMinimum, unit: subject.unit, value: minimum),
                .init(name: "maximum", label: .goalDailyMaximum, unit: subject.unit, value: maximum),
            ]
        case .drinkWater(let milliliters):
            [.init(name: "milliliters", label: .goalWaterADay, unit: "mL", value: milliliters)]
        case .fruitVegetableCups(let cups):
            [.init(name: "cups", label: .goalCupsADay, unit: "", value: cups)]
        case .medicationsTaken:
            []
        }
    }

    /// The canonical unit a lab goal's ends are in (the lab catalogue's).
    private static func labUnit(_ analyte: String) -> String {
        LabCatalog.standard.analyte(id: analyte)?.canonicalUnit.code ?? ""
    }
}
