import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore

/// Why a trend could not be built; each case names the profile or the series.
public enum TrendsError: Error, Sendable, CustomStringConvertible {
    /// The profile's time zone is unknown.
    case timeZone(profile: String, ProfileFieldError)
    /// A value cannot be shown in the display unit.
    case displayUnit(UnitConversionError)
    /// A series could not be summarised.
    case summary(series: String, TrendError)
    /// The subject gave no series at all.
    case noSeries

    public var description: String {
        switch self {
        case .timeZone(let profile, let error): "profile '\(profile)': \(error)"
        case .displayUnit(let error): "cannot show the values in the display unit: \(error)"
        case .summary(let series, let error): "cannot summarise \(series): \(error)"
        case .noSeries: "no series"
        }
    }
}

/// Trends of a lab or a kind of reading over the last days: series, statistics, the eGFR slope.
public struct TrendsService: Sendable {
    let app: HubApplication

    /// What to show: a subject as it is, the profile's weights of one dialysis phase, or the interdialytic gain.
    public struct Request: Sendable {
        /// The lab or reading kind.
        public var subject: TrendSubject
        /// With weight: only the profile's weights of this phase.
        public var phase: DialysisPhase?
        /// The interdialytic weight gain per session (subject weight).
        public var gain: Bool

        /// A request from its parts.
        public init(subject: TrendSubject, phase: DialysisPhase? = nil, gain: Bool = false) {
            self.subject = subject
            self.phase = phase
            self.gain = gain
        }

        /// True when the series comes from the weights assigned to the profile (with their phases).
        public var usesProfileWeights: Bool { gain || phase != nil }

        /// Per session for the gain; otherwise the subject's own.
        public func aggregation(in timeZone: TimeZone) -> TrendAggregation {
            gain ? .readings : subject.aggregation(in: timeZone)
        }
    }

    /// One series with its summary over the window.
    public struct SeriesTrend: Sendable {
        /// The series, every point.
        public var series: TrendSeries
        /// Its statistics over the window.
        public var summary: TrendSummary
        /// For the gain: min, max and mean % of the dry weight over the window's sessions (nil without a dry weight).
        public var dryWeightShare: (minimum: Double, maximum: Double, mean: Double)?
    }

    /// A trend: each series with its summary over the window, and what goes with it.
    public struct Trend: Sendable {
        /// The profile shown.
        public var profile: StoredProfile
        /// The profile's time zone, in which days are counted.
        public var timeZone: TimeZone
        /// Every reading, or daily means.
        public var aggregation: TrendAggregation
        /// Each series (two for blood pressure) with its summary over the window.
        public var summaries: [SeriesTrend]
        /// For egfr: the slope over every eGFR value of the profile, not only the window.
        public var egfrSlope: EGFRSlopeAssessment?
        /// For the gain: each session's gain in % of the dry weight, by instant.
        public var percentOfDryWeight: [Int64: Double]?
        /// Sentences on what was left out.
        public var notes: [String]
    }

    /// The trend of `request` over the last `days` days (today included) for the profile.
    public func trend(_ request: Request, days: Int, profile name: String?) async throws -> Trend {
        let stored = try await app.store.selectProfile(named: name)
        let person = stored.profile
        let timeZone: TimeZone
        do {
            timeZone = try person.timeZone()
        } catch {
            throw TrendsError.timeZone(profile: stored.name, error)
        }
        let now = app.now()
        let subject = request.subject
        var built: TrendSeriesSet
        var percentOfDryWeight: [Int64: Double]?
        do {
            if request.usesProfileWeights {
                let weights = try await app.store.profileWeights(profileId: stored.id).map(\.tagged)
                if let phase = request.phase {
                    let series = try DialysisWeightSeries.phaseSeries(
                        weights,
                        phase: phase,
                        displayUnits: person.displayUnits
                    )
                    built = TrendSeriesSet(series: [series])
                } else {
                    let (series, percent) = DialysisWeightSeries.gainSeries(
                        InterdialyticGainCalculator.perSession(
                            weights,
                            schedule: person.dialysisSchedule,
                            timeZone: timeZone,
                            dryWeightKilograms: person.dryWeightKilograms
                        )
                    )
                    built = TrendSeriesSet(
                        series: [series],
                        notes: person.dryWeightKilograms == nil
                            ? ["no dry weight is set, so no % of dry weight (`kidneyhub profile set --dry-weight KG`)"]
                            : []
                    )
                    percentOfDryWeight = percent
                }
            } else {
                switch subject {
                case .lab(let lab):
                    let results = try await app.store.labResults(profileId: stored.id, analyte: lab.id).map(\.value)
                    let creatinine =
                        lab.id == LabAnalyte.egfr.id
                        ? try await app.store.labResults(profileId: stored.id, analyte: LabAnalyte.creatinine.id)
                            .map(\.value) : []
                    // eGFR from creatinine through the one derivation (CreatinineEGFR), as `labs list` and reports.
                    built = try TrendSeriesBuilder.labSeries(
                        lab,
                        results: results,
                        creatinine: creatinine,
                        profile: person
                    )
                default:
                    // Both periods, with room for clock changes; TrendAnalysis picks the exact windows.
                    let since = now - Int64(2 * days + 2) * 86_400_000
                    let readings = try await app.store.measurements(
                        kind: subject.measurementKind,
                        sinceMs: since,
                        untilMs: now + 1,
                        profileId: stored.id
                    )
                    // A meter's HI or LO carries its bound, not a measurement: it is named in a note, never drawn as a
                    // value (and a profile's readings already leave out control-solution tests).
                    let measured = readings.map(\.measurement).filter { $0.meterRange == nil }
                    built = try TrendSeriesBuilder.readingSeries(
                        subject,
                        readings: measured,
                        displayUnits: person.displayUnits
                    )
                    let windowStart = now - Int64(days) * 86_400_000
                    built.notes += readings.map(\.measurement).filter { $0.startMs >= windowStart }.compactMap {
                        MeterRangeAlert.summary($0, timeZone: timeZone).map {
                            "1 reading \($0), not charted"
                        }
                    }
                }
            }
        } catch let error as UnitConversionError {
            throw TrendsError.displayUnit(error)
        }

        return try assemble(
            built,
            request: request,
            days: days,
            profile: stored,
            timeZone: timeZone,
            now: now,
            percentOfDryWeight: percentOfDryWeight
        )
    }

    /// The trend of `built`'s series over the window: each series summarised, the eGFR slope for eGFR.
    func assemble(
        _ built: TrendSeriesSet,
        request: Request,
        days: Int,
        profile stored: StoredProfile,
        timeZone: TimeZone,
        now: Int64,
        percentOfDryWeight: [Int64: Double]? = nil
    ) throws -> Trend {
        let aggregation = request.aggregation(in: timeZone)
        var summaries: [SeriesTrend] = []
        for series in built.series {
            do {
                let summary = try TrendAnalysis.summarize(
                    series.points,
                    days: days,
                    endingAt: now,
                    aggregation: aggregation
                )
                summaries.append(
                    SeriesTrend(
                        series: series,
                        summary: summary,
                        dryWeightShare: percentOfDryWeight.flatMap {
                            DialysisWeightSeries.percentSummary(summary.points, percentOfDryWeight: $0)
                        }
                    )
                )
            } catch {
                throw TrendsError.summary(series: series.name, error)
            }
        }
        guard !summaries.isEmpty else { throw TrendsError.noSeries }
        // The change of kidney function over every eGFR value of the profile, not only the window.
        let slope =
            request.subject == .lab(.egfr) && !request.usesProfileWeights
            ? EGFRSlopeAssessment.assess(built.series.first?.points ?? []) : nil
        return Trend(
            profile: stored,
            timeZone: timeZone,
            aggregation: aggregation,
            summaries: summaries,
            egfrSlope: slope,
            percentOfDryWeight: percentOfDryWeight,
            notes: built.notes
        )
    }
}

extension HubApplication {
    /// Trends.
    public var trends: TrendsService { TrendsService(app: self) }
}
