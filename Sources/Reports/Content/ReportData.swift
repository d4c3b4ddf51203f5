import Care
import Clinical
import Foundation
import HubCore
import HubStore

/// Everything a report shows, read from the store once: plain values, so composing the pages is pure.
public struct ReportData: Sendable {
    /// A blood-pressure reading in mm[Hg].
    public struct BloodPressure: Sendable, Equatable {
        public var atMs: Int64
        public var systolic: Double
        public var diastolic: Double
        public var pulse: Double?
        /// Before, during or after dialysis; nil while unknown or awaiting confirmation.
        public var phase: DialysisPhase? = nil
    }

    /// A reading of one value (glucose in mg/dL).
    public struct Reading: Sendable, Equatable {
        public var atMs: Int64
        public var value: Double
        /// Set for a meter's HI or LO: `value` is then the meter's bound, not a measurement.
        public var beyondMeterRange: String? = nil
    }

    /// A meal photo's thumbnail with its date and meal.
    public struct Photo: Sendable, Equatable {
        public var date: CalendarDate
        public var meal: String
        public var png: [UInt8]
    }

    /// A reward with its goal's name.
    public struct Reward: Sendable, Equatable {
        /// The goal it is for.
        public var goalId: Int64
        /// The achievement (`met`, `streak-7`, `improving`).
        public var achievement: String
        public var goalName: String
        public var periodKey: String
        public var badge: String
        public var points: Int
        public var earnedAtMs: Int64
    }

    public var profile: PatientProfile
    public var period: ReportPeriod
    /// The profile's UTC offset at the end of the period, for axis dates.
    public var utcOffsetSeconds: Int
    /// When the report was made, epoch ms.
    public var generatedAtMs: Int64
    /// Every lab result of the profile (older ones give the trend), oldest first.
    public var labs: [LabValue]
    /// Weights in the period with their dialysis phase (kg).
    public var weights: [TaggedWeight]
    /// Interdialytic gains of sessions in the period.
    public var gains: [InterdialyticGain]
    public var bloodPressure: [BloodPressure]
    /// Blood glucose in mg/dL.
    public var glucose: [Reading]
    /// Intake totals per local date of the period.
    public var intake: [(date: CalendarDate, intake: DailyIntake)]
    public var limits: [DailyLimit]
    public var goals: [Goal]
    public var rewards: [Reward]
    public var photos: [Photo]
    /// The profile's medication orders (active, on hold, stopped, completed).
    public var medicationOrders: [MedicationOrder] = []

    /// The first local date of the period that holds a lab, a reading or logged intake; nil when none does.
    public var firstDataDate: CalendarDate? {
        var instants = labs.map(\.takenAt.epochMilliseconds).filter { $0 >= period.startMs }
        instants += weights.map(\.epochMilliseconds) + bloodPressure.map(\.atMs) + glucose.map(\.atMs)
        let days = instants.compactMap { try? profile.localDate(at: $0) }
        return (days + intake.filter { $0.intake.entries > 0 }.map(\.date)).min()
    }

    /// The latest eGFR (reported, else derived from the latest creatinine) and its KDIGO G category.
    public var latestEGFR: (value: Double, category: GFRCategory, atMs: Int64)? {
        var candidates: [(Double, Int64)] = labs.filter { $0.analyteID == LabAnalyte.egfr.id }.map {
            ($0.value, $0.takenAt.epochMilliseconds)
        }
        // The one derivation (CreatinineEGFR): the same day and age as `labs list` and `trends egfr`.
        for lab in labs where lab.analyteID == LabAnalyte.creatinine.id {
            if let derived = try? CreatinineEGFR.derive(lab, profile: profile) {
                candidates.append((derived.egfr, derived.epochMilliseconds))
            }
        }
        guard let latest = candidates.max(by: { $0.1 < $1.1 }), let category = try? GFRCategory(egfr: latest.0)
        else { return nil }
        return (latest.0, category, latest.1)
    }
}
