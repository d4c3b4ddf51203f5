import Clinical
import Foundation

/// The facts of a profile the assessment needs beside the data: its time zone, dialysis schedule and dry weight.
public struct GoalContext: Sendable {
    /// The profile's time zone; windows are its local days.
    public var timeZone: TimeZone
    /// The hemodialysis schedule, for interdialytic gains.
    public var dialysisSchedule: DialysisSchedule?
    /// The dry weight in kg, for gains as a percentage.
    public var dryWeightKilograms: Double?
    /// The disease category, for category-tailored rewards.
    public var diseaseCategory: DiseaseCategory?

    /// A context from its parts.
    public init(
        timeZone: TimeZone,
        dialysisSchedule: DialysisSchedule? = nil,
        dryWeightKilograms: Double? = nil,
        diseaseCategory: DiseaseCategory? = nil
    ) {
        self.timeZone = timeZone
        self.dialysisSchedule = dialysisSchedule
        self.dryWeightKilograms = dryWeightKilograms
        self.diseaseCategory = diseaseCategory
    }

    /// The context of a profile; throws when its time zone is unknown.
    public init(_ profile: PatientProfile) throws(ProfileFieldError) {
        self.init(
            timeZone: try profile.timeZone(),
            dialysisSchedule: profile.dialysisSchedule,
            dryWeightKilograms: profile.dryWeightKilograms,
            diseaseCategory: profile.diseaseCategory
        )
    }
}
