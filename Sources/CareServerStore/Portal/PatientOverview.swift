import Foundation

/// A value at a time, as the portal reads it from synced readings.
public struct TimedValue: Sendable, Equatable {
    public var value: Double
    public var at: Date

    public init(_ value: Double, at: Date) {
        self.value = value
        self.at = at
    }
}

/// A blood pressure at a time, in mm[Hg].
public struct TimedPressure: Sendable, Equatable {
    public var systolic: Double
    public var diastolic: Double
    public var at: Date

    public init(systolic: Double, diastolic: Double, at: Date) {
        self.systolic = systolic
        self.diastolic = diastolic
        self.at = at
    }
}

/// What the clinician's patient list knows of one patient, read for the whole clinic in one query: the newest
/// pre-dialysis weight and the post-dialysis weight before it, the newest potassium, the newest pre-dialysis blood
/// pressure, the highest score of the newest symptom list, and when anything last arrived. No rule is applied here;
/// the portal's flags decide.
public struct PatientOverview: Sendable, Equatable {
    public var patientID: Int64
    public var firstName: String
    public var username: String
    /// The newest body weight tagged pre-dialysis, in kg.
    public var preDialysisWeight: TimedValue?
    /// The newest body weight tagged post-dialysis measured before `preDialysisWeight`, in kg.
    public var previousPostDialysisWeight: TimedValue?
    /// The newest serum potassium (LOINC 2823-3 or 6298-4), in mmol/L.
    public var potassium: TimedValue?
    /// The newest blood pressure measured within an hour of a pre-dialysis weight.
    public var preDialysisPressure: TimedPressure?
    /// The highest 0–10 scale of the newest symptom list, and when it was recorded.
    public var symptomScore: TimedValue?
    /// The newest time of any synced reading or symptom list; nil when none arrived.
    public var lastDataAt: Date?
    /// Doses the patient recorded as not taken (MedicationAdministration `not-done`) since the read's dose window
    /// began.
    public var dosesNotTaken: Int

    public init(
        patientID: Int64,
        firstName: String,
        username: String,
        preDialysisWeight: TimedValue? = nil,
        previousPostDialysisWeight: TimedValue? = nil,
        potassium: TimedValue? = nil,
        preDialysisPressure: TimedPressure? = nil,
        symptomScore: TimedValue? = nil,
        lastDataAt: Date? = nil,
        dosesNotTaken: Int = 0
    ) {
        self.patientID = patientID
        self.firstName = firstName
        self.username = username
        self.preDialysisWeight = preDialysisWeight
        self.previousPostDialysisWeight = previousPostDialysisWeight
        self.potassium = potassium
        self.preDialysisPressure = preDialysisPressure
        self.symptomScore = symptomScore
        self.lastDataAt = lastDataAt
        self.dosesNotTaken = dosesNotTaken
    }
}

/// One synced reading as the patient page charts and lists it.
public struct PortalReading: Sendable, Equatable {
    public var code: String
    /// The code's display text as the hub sent it.
    public var display: String?
    public var value: Double?
    public var unit: String?
    public var effectiveAt: Date
    /// `pre` or `post` for a body weight the hub tagged with its dialysis phase.
    public var phase: String?
    /// A blood-pressure panel's components, in mm[Hg].
    public var systolic: Double?
    public var diastolic: Double?

    public init(
        code: String,
        display: String? = nil,
        value: Double?,
        unit: String?,
        effectiveAt: Date,
        phase: String? = nil,
        systolic: Double? = nil,
        diastolic: Double? = nil
    ) {
        self.code = code
        self.display = display
        self.value = value
        self.unit = unit
        self.effectiveAt = effectiveAt
        self.phase = phase
        self.systolic = systolic
        self.diastolic = diastolic
    }
}
