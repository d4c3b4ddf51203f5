import Foundation

/// Who the patient is: the facts every KidneyHub rule depends on.
///
/// Only the name and the time zone are required; the rest may be filled in over time, and `validate(today:)` checks
/// whatever is set. Values are in canonical units (cm, kg); `displayUnits` only changes how they are shown.
public struct PatientProfile: Sendable, Equatable, Codable {
    /// The name the profile is selected by (`--profile NAME`).
    public var name: String
    /// The date of birth; the age is derived from it for a given day.
    public var dateOfBirth: CalendarDate?
    /// Sex at birth, which the CKD-EPI 2021 equation needs.
    public var sexAtBirth: SexAtBirth?
    /// Height in cm.
    public var heightCentimeters: Double?
    /// The id of the avatar image, which is stored elsewhere.
    public var avatarReference: String?
    /// CKD stage not on dialysis, hemodialysis, peritoneal dialysis or kidney transplant.
    public var diseaseCategory: DiseaseCategory?
    /// The weekly hemodialysis sessions (hemodialysis only).
    public var dialysisSchedule: DialysisSchedule?
    /// The dry (target) weight prescribed by the nephrologist, in kg.
    public var dryWeightKilograms: Double?
    /// Whether the patient has diabetes, and which type.
    public var diabetes: DiabetesStatus?
    /// Diabetic diet goals agreed with the care team.
    public var diabeticDietGoals: DiabeticDietGoals?
    /// The units values are shown in.
    public var displayUnits: DisplayUnits
    /// The IANA time zone identifier, for example `Europe/Berlin`; local days and dialysis times are read in it.
    public var timeZoneIdentifier: String
    /// The medications the patient takes (free text; structured orders are kept apart, see `MedicationOrder`).
    public var medications: [Medication]
    /// When the patient wakes, eats and sleeps; nil means `DailyRoutine.standard`. Medication events use it.
    public var routine: DailyRoutine?
    /// The language texts such as dosage instructions are shown in; nil means English.
    public var language: PatientLanguage?

    /// A profile with a name and a time zone, and any of the other facts.
    public init(
        name: String,
        dateOfBirth: CalendarDate? = nil,
        sexAtBirth: SexAtBirth? = nil,
        heightCentimeters: Double? = nil,
        avatarReference: String? = nil,
        diseaseCategory: DiseaseCategory? = nil,
        dialysisSchedule: DialysisSchedule? = nil,
        dryWeightKilograms: Double? = nil,
        diabetes: DiabetesStatus? = nil,
        diabeticDietGoals: DiabeticDietGoals? = nil,
        displayUnits: DisplayUnits = .metric,
        timeZoneIdentifier: String,
        medications: [Medication] = [],
        routine: DailyRoutine? = nil,
        language: PatientLanguage? = nil
    ) {
        self.name = name
        self.dateOfBirth = dateOfBirth
        self.sexAtBirth = sexAtBirth
        self.heightCentimeters = heightCentimeters
        self.avatarReference = avatarReference
        self.diseaseCategory = diseaseCategory
        self.dialysisSchedule = dialysisSchedule
        self.dryWeightKilograms = dryWeightKilograms
        self.diabetes = diabetes
        self.diabeticDietGoals = diabeticDietGoals
        self.displayUnits = displayUnits
        self.timeZoneIdentifier = timeZoneIdentifier
        self.medications = medications
        self.routine = routine
        self.language = language
    }

    /// The age in whole years on `day`, or nil when no date of birth is set.
    public func age(on day: CalendarDate) -> Int? {
        dateOfBirth?.fullYears(until: day)
    }

    /// The profile's time zone, or an error naming `timeZoneIdentifier` when Foundation does not know it.
    public func timeZone() throws(ProfileFieldError) -> TimeZone {
        guard let zone = TimeZone(identifier: timeZoneIdentifier) else {
            throw ProfileFieldError(field: "timeZoneIdentifier", problem: .unknownTimeZone(timeZoneIdentifier))
        }
        return zone
    }

    /// The profile's local date at an instant.
    public func localDate(at epochMilliseconds: Int64) throws(ProfileFieldError) -> CalendarDate {
        LocalClock.local(epochMilliseconds, in: try timeZone()).date
    }
}
