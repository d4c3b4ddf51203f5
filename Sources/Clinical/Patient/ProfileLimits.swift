/// The accepted ranges of profile values, each with where it comes from, and the checks that apply them.
public enum ProfileLimits {
    /// Height in cm. A plausibility range set by KidneyHub issue 4 (not a clinical target).
    public static let heightCentimeters: ClosedRange<Double> = 50...250

    /// Dry (target) weight in kg. A plausibility range set by KidneyHub issue 4 (not a clinical target).
    public static let dryWeightKilograms: ClosedRange<Double> = 20...300

    /// The oldest accepted age in years, from the date of birth. Set by KidneyHub issue 4.
    public static let maximumAgeYears = 120

    /// An individual HbA1c target in %: KDIGO 2020/2022 diabetes in CKD individualises it between < 6.5 % and
    /// < 8.0 % (nutrition.md §2.8, [R28]).
    public static let hba1cTargetPercent: ClosedRange<Double> = 6.5...8.0

    /// Carbohydrate per meal in g. A guard against typing errors only (not a clinical target); the care team sets
    /// the goal.
    public static let carbohydrateGramsPerMeal: ClosedRange<Double> = 1...500

    /// The longest profile name, in characters.
    public static let nameLength = 100
    /// The longest avatar reference, in characters.
    public static let avatarReferenceLength = 256
    /// The longest short free text (medication name, dose), in characters.
    public static let shortText = 200
    /// The longest long free text (schedules, goals), in characters.
    public static let longText = 2000

    /// Throws when a set number is not finite or outside `accepted`.
    static func check(
        _ value: Double?,
        field: String,
        accepted: ClosedRange<Double>,
        unit: String
    ) throws(ProfileFieldError) {
        guard let value else { return }
        guard value.isFinite else { throw ProfileFieldError(field: field, problem: .notFinite(value)) }
        guard accepted.contains(value) else {
            throw ProfileFieldError(field: field, problem: .outOfRange(value, accepted: accepted, unit: unit))
        }
    }

    /// Throws when a text is longer than `maximum` characters.
    static func checkLength(_ text: String, field: String, maximum: Int) throws(ProfileFieldError) {
        let count = text.count
        guard count <= maximum else {
            throw ProfileFieldError(field: field, problem: .tooLong(count, maximum: maximum))
        }
    }

    /// Throws when a text is empty, only white space, or longer than `maximum` characters.
    static func checkRequiredText(_ text: String, field: String, maximum: Int) throws(ProfileFieldError) {
        guard !text.allSatisfy(\.isWhitespace) else { throw ProfileFieldError(field: field, problem: .empty) }
        try checkLength(text, field: field, maximum: maximum)
    }
}
