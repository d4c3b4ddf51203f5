/// One dosage instruction (FHIR R4 `Dosage`): how much, by which route, when, and whether only as needed.
public struct DosageInstruction: Sendable, Hashable, Codable {
    /// The amount per dose: a quantity or a range.
    public var dose: DoseAmount?
    /// How it is taken.
    public var route: DoseRoute?
    /// When it is taken (FHIR `timing.repeat`).
    public var timing: TimingRepeat?
    /// Timing relative to dialysis, which the FHIR value sets lack (KidneyHub's extension, see `DialysisTiming`).
    public var dialysis: DialysisTiming?
    /// Taken only when needed (FHIR `asNeededBoolean` / `asNeededCodeableConcept`), with the reason if given.
    public var asNeeded: AsNeeded?

    /// An instruction from its parts.
    public init(
        dose: DoseAmount? = nil,
        route: DoseRoute? = nil,
        timing: TimingRepeat? = nil,
        dialysis: DialysisTiming? = nil,
        asNeeded: AsNeeded? = nil
    ) {
        self.dose = dose
        self.route = route
        self.timing = timing
        self.dialysis = dialysis
        self.asNeeded = asNeeded
    }
}

/// "Only when needed", with the reason in the patient's words when given ("itching").
public struct AsNeeded: Sendable, Hashable, Codable {
    /// What it is taken for; nil for a plain "as needed".
    public var reason: String?

    /// As needed, for an optional reason.
    public init(reason: String? = nil) {
        self.reason = reason
    }
}
