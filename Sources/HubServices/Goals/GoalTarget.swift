import Care
import Clinical

/// A goal's target as the person gives it: a kind and the values it needs, each optional so a template's or the
/// goal's own values fill what is left out.
public struct GoalTarget: Sendable, Equatable {
    /// weight, blood-pressure, lab, egfr-stable, interdialytic-gain, steps, intake, drink-water, fruit-vegetables
    /// or medications-taken.
    public var kind: String?
    /// weight: the low end (kg); lab: the low end in the lab's unit.
    public var low: Double?
    /// weight: the high end (kg); lab: the high end in the lab's unit.
    public var high: Double?
    /// weight: one target weight (kg), low = high.
    public var targetWeight: Double?
    /// blood-pressure: systolic below (mm[Hg]).
    public var systolic: Double?
    /// blood-pressure: diastolic below (mm[Hg]).
    public var diastolic: Double?
    /// lab: the lab id.
    public var lab: String?
    /// egfr-stable: the largest decline a year.
    public var maxDecline: Double?
    /// interdialytic-gain: below this % of dry weight.
    public var percent: Double?
    /// steps: steps a day.
    public var steps: Int?
    /// intake: protein, sodium, potassium, phosphorus or fluid.
    public var nutrient: String?
    /// intake: the daily minimum (g, mg or mL).
    public var minimum: Double?
    /// intake: the daily maximum (g, mg or mL).
    public var maximum: Double?
    /// drink-water: mL a day.
    public var milliliters: Double?
    /// fruit-vegetables: cups a day (USDA cup-equivalents).
    public var cups: Double?
    /// day, week, month or until:YYYY-MM-DD.
    public var period: String?

    /// An empty target (every value from the template or the goal).
    public init() {}

    /// The kinds a goal can have, in the order the messages list them.
    static let kindNames =
        "weight, blood-pressure, lab, egfr-stable, interdialytic-gain, steps, intake, drink-water, fruit-vegetables, "
        + "medications-taken"

    /// Reads a period.
    static func period(_ text: String) throws(CareServiceError) -> GoalPeriod {
        do {
            return try GoalPeriod(parsing: text)
        } catch {
            throw .period(reason: "\(error)")
        }
    }

    /// The kind this target describes, starting from `base` (a template's or the goal's) when the kind is not given.
    func kind(from base: GoalKind?) throws(CareServiceError) -> GoalKind {
        guard let name = kind ?? base?.name else {
            throw .incompleteTarget("give --template ID or --kind (\(Self.kindNames))")
        }
        let built: GoalKind
        switch name {
        case "weight":
            var (low, high): (Double?, Double?) = (nil, nil)
            if case .weightRange(let l, let h)? = base { (low, high) = (l, h) }
            if let targetWeight { (low, high) = (targetWeight, targetWeight) }
            low = self.low ?? low
            high = self.high ?? high
            guard let low, let high else { throw .incompleteTarget("weight: give --target KG or --low KG --high KG") }
            built = .weightRange(lowKilograms: low, highKilograms: high)
        case "blood-pressure":
            var (s, d): (Double?, Double?) = (nil, nil)
            if case .bloodPressureBelow(let bs, let bd)? = base { (s, d) = (bs, bd) }
            guard let s = systolic ?? s, let d = diastolic ?? d else {
                throw .incompleteTarget("blood-pressure: give --systolic and --diastolic")
            }
            built = .bloodPressureBelow(systolic: s, diastolic: d)
        case "lab":
            var (id, l, h): (String?, Double?, Double?) = (nil, nil, nil)
            if case .labInRange(let a, let bl, let bh)? = base { (id, l, h) = (a, bl, bh) }
            guard let id = lab ?? id else { throw .incompleteTarget("lab: give --lab ID and --low and/or --high") }
            built = .labInRange(analyte: id, low: low ?? l, high: high ?? h)
        case "egfr-stable":
            // Without a target, a decline faster than KDIGO's rapid progression is what the goal guards against.
            var decline = EGFRSlope.rapidDeclinePerYear
            if case .egfrStable(let d)? = base { decline = d }
            built = .egfrStable(maximumDeclinePerYear: maxDecline ?? decline)
        case "interdialytic-gain":
            var value: Double?
            if case .interdialyticGainBelow(let p)? = base { value = p }
            guard let value = percent ?? value else { throw .incompleteTarget("interdialytic-gain: give --percent") }
            built = .interdialyticGainBelow(percentOfDryWeight: value)
        case "steps":
            var value: Int?
            if case .stepsPerDay(let s)? = base { value = s }
            guard let value = steps ?? value else { throw .incompleteTarget("steps: give --steps N") }
            built = .stepsPerDay(value)
        case "intake":
            var (subject, low, high): (IntakeSubject?, Double?, Double?) = (nil, nil, nil)
            if case .intakeWithin(let s, let l, let h)? = base { (subject, low, high) = (s, l, h) }
            if let nutrient {
                guard let parsed = IntakeSubject(rawValue: nutrient) else {
                    throw .incompleteTarget(
                        "--nutrient: protein, sodium, potassium, phosphorus or fluid (not '\(nutrient)')"
                    )
                }
                subject = parsed
            }
            guard let subject else { throw .incompleteTarget("intake: give --nutrient and --min and/or --max") }
            built = .intakeWithin(subject: subject, minimum: minimum ?? low, maximum: maximum ?? high)
        case "drink-water":
            var value: Double?
            if case .drinkWater(let m)? = base { value = m }
            guard let value = milliliters ?? value else { throw .incompleteTarget("drink-water: give --milliliters") }
            built = .drinkWater(milliliters: value)
        case "fruit-vegetables":
            var value: Double?
            if case .fruitVegetableCups(let c)? = base { value = c }
            guard let value = cups ?? value else { throw .incompleteTarget("fruit-vegetables: give --cups") }
            built = .fruitVegetableCups(value)
        case "medications-taken":
            built = .medicationsTaken
        default:
            throw .incompleteTarget("--kind: unknown kind '\(name)' (accepted: \(Self.kindNames))")
        }
        do {
            try built.validate()
        } catch {
            throw .notStored(reason: "\(error)")
        }
        return built
    }
}
