import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore

extension TrendsService {
    /// A lab's trend with the target that applies to the profile (as the labs page and the report choose it).
    public struct LabTrend: Sendable {
        /// The lab.
        public var analyte: LabAnalyte
        /// Every result of the profile (eGFR with the values derived from creatinine).
        public var trend: Trend
        /// The target for this profile: the standing of the latest value (`LabStanding`, the one rule).
        public var standing: LabStanding?
    }

    /// One day's intake against the day's limits.
    public struct IntakeDay: Sendable {
        /// The profile's local day.
        public var day: CalendarDate
        /// Each subject's total with its limit, as Today shows it.
        public var summary: IntakeService.DaySummary
    }

    /// What the trends page shows over a window: the labs, the weights (pre, post, gain), blood pressure, glucose and
    /// each day's intake against the limits.
    public struct Overview: Sendable {
        /// The profile shown.
        public var profile: StoredProfile
        /// Days in the window, today included.
        public var days: Int
        /// Each lab with at least one result, in catalog order.
        public var labs: [LabTrend]
        /// Weights before dialysis, after dialysis, and the gain between sessions; nil when the profile has no weight.
        public var preWeight: Trend?
        public var postWeight: Trend?
        public var gain: Trend?
        /// Every weight, for a profile not on dialysis.
        public var weight: Trend?
        /// Systolic and diastolic.
        public var bloodPressure: Trend
        /// Blood glucose readings.
        public var glucose: Trend
        /// Each day's intake, oldest first, over the window but at most `intakeDays` days (one bar per day).
        public var intake: [IntakeDay]
    }

    /// The most days of intake an overview holds: a month of daily bars is still readable.
    public static let intakeDays = 31

    /// The trends of the last `days` days (today included) for the trends page.
    public func overview(days: Int, profile name: String?) async throws -> Overview {
        let stored = try await app.store.selectProfile(named: name)
        let person = stored.profile
        let hasDiabetes = person.diabetes?.hasDiabetes ?? false
        let results = try await app.store.labResults(profileId: stored.id, analyte: nil)
        var labs: [LabTrend] = []
        for analyte in LabCatalog.standard.analytes {
            let own = results.filter { $0.value.analyteID == analyte.id }
            let hasCreatinine =
                analyte.id == LabAnalyte.egfr.id
                && results.contains { $0.value.analyteID == LabAnalyte.creatinine.id }
            guard !own.isEmpty || hasCreatinine else { continue }
            let trend = try await trend(Request(subject: .lab(analyte)), days: days, profile: stored.name)
            let latest = own.max { $0.value.takenAt.epochMilliseconds < $1.value.takenAt.epochMilliseconds }
            labs.append(
                LabTrend(
                    analyte: analyte,
                    trend: trend,
                    standing: latest.map {
                        LabStanding($0.value, category: person.diseaseCategory, hasDiabetes: hasDiabetes)
                    }
                )
            )
        }
        let onDialysis = person.diseaseCategory?.isDialysis ?? false
        let today = try await app.intake.day(.today, profile: stored.name)
        let earlier = stride(from: min(days, Self.intakeDays) - 1, through: 1, by: -1).map {
            today.day.adding(days: -$0)
        }
        var intake = try await app.intake.days(earlier, of: stored).map { IntakeDay(day: $0.day, summary: $0) }
        intake.append(IntakeDay(day: today.day, summary: today))
        return Overview(
            profile: stored,
            days: days,
            labs: labs,
            preWeight: onDialysis
                ? try await trend(Request(subject: .weight, phase: .pre), days: days, profile: stored.name) : nil,
            postWeight: onDialysis
                ? try await trend(Request(subject: .weight, phase: .post), days: days, profile: stored.name) : nil,
            gain: onDialysis
                ? try await trend(Request(subject: .weight, gain: true), days: days, profile: stored.name) : nil,
            weight: onDialysis ? nil : try await trend(Request(subject: .weight), days: days, profile: stored.name),
            bloodPressure: try await trend(Request(subject: .bloodPressure), days: days, profile: stored.name),
            glucose: try await trend(Request(subject: .bloodGlucose), days: days, profile: stored.name),
            intake: intake
        )
    }
}
