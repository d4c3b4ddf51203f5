import Clinical

/// The facts a patient's daily limits depend on (nutrition.md §2.11).
public struct LimitInputs: Sendable, Equatable {
    /// The disease category, if set.
    public var category: DiseaseCategory?
    /// Whether the patient has diabetes (changes the protein range for CKD G3–G5).
    public var hasDiabetes: Bool
    /// The body weight the prescription uses, in kg: the dry weight on dialysis (nutrition.md §2.1), else the dry
    /// weight if set, else the latest weighing.
    public var weightKilograms: Double?
    /// The latest serum potassium in mmol/L, if any.
    public var latestPotassiumMillimolesPerLiter: Double?
    /// The latest serum phosphorus in mg/dL, if any.
    public var latestPhosphorusMilligramsPerDeciliter: Double?
    /// The daily urine output in mL the care team recorded, for the hemodialysis fluid limit (anuric: 0).
    public var urineOutputMillilitersPerDay: Double?

    /// Inputs from their parts.
    public init(
        category: DiseaseCategory?,
        hasDiabetes: Bool = false,
        weightKilograms: Double? = nil,
        latestPotassiumMillimolesPerLiter: Double? = nil,
        latestPhosphorusMilligramsPerDeciliter: Double? = nil,
        urineOutputMillilitersPerDay: Double? = nil
    ) {
        self.category = category
        self.hasDiabetes = hasDiabetes
        self.weightKilograms = weightKilograms
        self.latestPotassiumMillimolesPerLiter = latestPotassiumMillimolesPerLiter
        self.latestPhosphorusMilligramsPerDeciliter = latestPhosphorusMilligramsPerDeciliter
        self.urineOutputMillilitersPerDay = urineOutputMillilitersPerDay
    }
}
