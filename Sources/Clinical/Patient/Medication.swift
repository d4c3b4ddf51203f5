/// A medication the patient takes, as part of the profile: name, dose and schedule in the patient's words.
public struct Medication: Sendable, Hashable, Codable {
    /// The name, for example "sevelamer carbonate".
    public var name: String
    /// The dose as written, for example "800 mg, 2 tablets".
    public var dose: String
    /// When it is taken, as written, for example "with each meal".
    public var schedule: String
    /// When it is taken, structured; nil until the medication-schedule work fills it.
    public var timing: MedicationTiming?

    /// A medication with its texts and optional structured timing.
    public init(name: String, dose: String = "", schedule: String = "", timing: MedicationTiming? = nil) {
        self.name = name
        self.dose = dose
        self.schedule = schedule
        self.timing = timing
    }

    /// Checks that the name is set and no text is overlong; `field` is the medication's path, e.g. `medications[0]`.
    public func validate(field: String) throws(ProfileFieldError) {
        try ProfileLimits.checkRequiredText(name, field: "\(field).name", maximum: ProfileLimits.shortText)
        try ProfileLimits.checkLength(dose, field: "\(field).dose", maximum: ProfileLimits.shortText)
        try ProfileLimits.checkLength(schedule, field: "\(field).schedule", maximum: ProfileLimits.longText)
    }
}
