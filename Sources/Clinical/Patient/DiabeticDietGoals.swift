/// The diabetic diet goals agreed with the care team: free-text notes and two optional numbers.
public struct DiabeticDietGoals: Sendable, Hashable, Codable {
    /// The goals in the care team's words, for example "45 g carbohydrate per meal, no sweet drinks".
    public var notes: String
    /// Carbohydrate per main meal, in grams.
    public var carbohydrateGramsPerMeal: Double?
    /// The individual HbA1c target, in percent (an upper limit, for example 7).
    public var hba1cTargetPercent: Double?

    /// Goals with any of their parts.
    public init(notes: String = "", carbohydrateGramsPerMeal: Double? = nil, hba1cTargetPercent: Double? = nil) {
        self.notes = notes
        self.carbohydrateGramsPerMeal = carbohydrateGramsPerMeal
        self.hba1cTargetPercent = hba1cTargetPercent
    }

    /// Checks the numbers against `ProfileLimits`.
    public func validate() throws(ProfileFieldError) {
        try ProfileLimits.check(
            carbohydrateGramsPerMeal,
            field: "diabeticDietGoals.carbohydrateGramsPerMeal",
            accepted: ProfileLimits.carbohydrateGramsPerMeal,
            unit: "g"
        )
        try ProfileLimits.check(
            hba1cTargetPercent,
            field: "diabeticDietGoals.hba1cTargetPercent",
            accepted: ProfileLimits.hba1cTargetPercent,
            unit: "%"
        )
        try ProfileLimits.checkLength(notes, field: "diabeticDietGoals.notes", maximum: ProfileLimits.longText)
    }
}
