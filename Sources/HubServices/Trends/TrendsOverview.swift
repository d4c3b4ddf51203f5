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

    /// The trends page's parts, each shown on a page of its own and read in one snapshot of the store: a phone
    /// shows a few charts at a time, and a request draws only what its part shows.
    public enum Section: String, Sendable, CaseIterable {
        /// Weights (before and after dialysis, the gain between sessions), blood pressure and glucose.
        case readings
        /// Each lab with its target.
        case labs
        /// Each day's intake against the limits.
        case intake
    }

    /// The readings' part: weights, blood pressure and glucose over the window.
    public struct ReadingsOverview: Sendable {
        /// The profile shown.
        public var profile: StoredProfile
        /// Days in the window, today included.
        public var days: Int
        /// Weights before dialysis, after dialysis, and the gain between sessions; nil off dialysis.
        public var preWeight: Trend?
        public var postWeight: Trend?
        public var gain: Trend?
        /// Every weight as one mean per day, for a profile not on dialysis.
        public var weight: Trend?
        /// Systolic and diastolic.
        public var bloodPressure: Trend
        /// Blood glucose readings.
        public var glucose: Trend
    }

    /// The labs' part: every lab with a result.
    public struct LabsOverview: Sendable {
        /// The profile shown.
        public var profile: StoredProfile
        /// Days in the window, today included.
        public var days: Int
        /// Each lab with at least one result, in catalog order.
        public var labs: [LabTrend]
    }

    /// The intake's part: each day against the limits.
    public struct IntakeOverview: Sendable {
        /// The profile shown.
        public var profile: StoredProfile
        /// Days in the window, today included.
        public var days: Int
        /// Each day's intake, oldest first, over the window but at most `intakeDays` days (one bar per day).
        public var intake: [IntakeDay]
    }

    /// The windows the trends offer, in days (the page's choice and the API's `days`).
    public static let windows = [7, 30, 90, 365]

    /// The most days of intake an overview holds: a month of daily bars is still readable.
    public static let intakeDays = 31

    /// The weights, blood pressure and glucose of the last `days` days (today included) for the trends page: blood
    /// pressure, glucose (and weight off dialysis) as one mean per local day aggregated in SQL (a year's chart draws
    /// a point per day); on dialysis the weights of the two periods a summary compares, with their phases, for the
    /// pre and post weights and the gain.
    public func readings(days: Int, profile name: String?) async throws -> ReadingsOverview {
        let (window, reads) = try await read(days: days, profile: name) { store, window in
            let (profileId, now) = (window.profile.id, window.now)
            var daily: [TrendSubject: (means: [DailyReadingMean], flagged: [StoredMeasurement])] = [:]
            for subject in window.dailySubjects {
                guard let kind = subject.measurementKind else { continue }
                daily[subject] = (
                    try store.dailyMeans(
                        kind: kind,
                        components: kind.components == nil ? [] : subject.seriesNames,
                        profileId: profileId,
                        // Both periods, with room for clock changes; TrendAnalysis picks the exact windows.
                        sinceMs: now - Int64(2 * days + 2) * 86_400_000,
                        untilMs: now + 1,
                        timeZone: window.timeZone
                    ),
                    try store.meterRangeReadings(
                        kind: kind,
                        profileId: profileId,
                        sinceMs: now - Int64(days) * 86_400_000,
                        untilMs: now + 1
                    )
                )
            }
            // Both periods a summary compares, and a week before them: the first session's gain needs the
            // post-dialysis weight of the session before it (at most a week earlier on any dialysis schedule).
            let weights =
                window.onDialysis
                ? try store.taggedWeights(profileId: profileId, sinceMs: now - Int64(2 * days + 9) * 86_400_000) : []
            return (daily: daily, taggedWeights: weights)
        }
        // The zone's offsets over the days the reads cover (both periods, with room for clock changes), read once
        // for every chart by day.
        let offsets = ZoneOffsets(
            window.timeZone,
            from: window.now - Int64(2 * days + 3) * 86_400_000,
            until: window.now + 2 * 86_400_000
        )
        func byDay(_ subject: TrendSubject) throws -> Trend {
            let (means, flagged) = reads.daily[subject] ?? ([], [])
            return try dailyTrend(subject, means: means, flagged: flagged, offsets: offsets, window)
        }
        let dialysisWeights = window.onDialysis ? try self.dialysisWeights(reads.taggedWeights, window) : nil
        return ReadingsOverview(
            profile: window.profile,
            days: days,
            preWeight: dialysisWeights?.pre,
            postWeight: dialysisWeights?.post,
            gain: dialysisWeights?.gain,
            weight: window.onDialysis ? nil : try byDay(.weight),
            bloodPressure: try byDay(.bloodPressure),
            glucose: try byDay(.bloodGlucose)
        )
    }

    /// Every lab with a result, with its target, for the trends page (each lab's every result: labs are sparse).
    public func labs(days: Int, profile name: String?) async throws -> LabsOverview {
        let (window, results) = try await read(days: days, profile: name) { store, window in
            try store.labResults(profileId: window.profile.id)
        }
        return LabsOverview(profile: window.profile, days: days, labs: try labTrends(results, window))
    }

    /// Each day's intake against the day's limits over the last `days` days (at most `intakeDays`, today always).
    public func intake(days: Int, profile name: String?) async throws -> IntakeOverview {
        let (window, reads) = try await read(days: days, profile: name) { store, window in
            let today = LocalClock.local(window.now, in: window.timeZone).date
            // At least today's bar, whatever `days` a caller asks for.
            let intakeDays = stride(from: max(1, min(days, Self.intakeDays)) - 1, through: 0, by: -1).map {
                today.adding(days: -$0)
            }
            return (
                days: intakeDays,
                limits: try store.dailyLimits(for: window.profile),
                entries: try store.intakeEntries(profileId: window.profile.id, from: intakeDays[0], through: today)
            )
        }
        let summaries = IntakeService.summaries(
            reads.days,
            of: window.profile,
            entries: reads.entries,
            limits: reads.limits
        )
        return IntakeOverview(
            profile: window.profile,
            days: days,
            intake: summaries.map { IntakeDay(day: $0.day, summary: $0) }
        )
    }

    /// The window of an overview: its days ending now, for a profile in its zone.
    private struct Window: Sendable {
        var days: Int
        var profile: StoredProfile
        var timeZone: TimeZone
        var now: Int64

        var onDialysis: Bool { profile.profile.diseaseCategory?.isDialysis ?? false }
        /// The subjects charted as one mean per local day: weight too when it has no dialysis phases to show.
        var dailySubjects: [TrendSubject] { (onDialysis ? [] : [.weight]) + [.bloodPressure, .bloodGlucose] }
    }

    /// The profile named `name` and what `body` reads for its window, in one snapshot: one trip to a reader's
    /// thread, the profile and its data consistent with each other. A profile without a usable zone is refused
    /// as `TrendsError.timeZone`, not as a store error.
    private func read<T: Sendable>(
        days: Int,
        profile name: String?,
        _ body: @escaping @Sendable (StoreSnapshot, Window) throws -> T
    ) async throws -> (Window, T) {
        let now = app.now()
        let result = try await app.store.snapshot { store -> Result<(Window, T), TrendsError> in
            let stored = try store.selectProfile(named: name)
            let timeZone: TimeZone
            do throws(ProfileFieldError) {
                timeZone = try stored.profile.timeZone()
            } catch {
                return .failure(.timeZone(profile: stored.name, error))
            }
            let window = Window(days: days, profile: stored, timeZone: timeZone, now: now)
            return .success((window, try body(store, window)))
        }
        return try result.get()
    }

    /// Each lab with a result (eGFR also from creatinine), in catalog order, with the standing of its latest value.
    private func labTrends(_ results: [StoredLabResult], _ window: Window) throws -> [LabTrend] {
        let (stored, days, timeZone, now) = (window.profile, window.days, window.timeZone, window.now)
        let person = stored.profile
        let hasDiabetes = person.diabetes?.hasDiabetes ?? false
        let creatinine = results.map(\.value).filter { $0.analyteID == LabAnalyte.creatinine.id }
        var labs: [LabTrend] = []
        for analyte in LabCatalog.standard.analytes {
            let own = results.filter { $0.value.analyteID == analyte.id }
            let isEGFR = analyte.id == LabAnalyte.egfr.id
            guard !own.isEmpty || (isEGFR && !creatinine.isEmpty) else { continue }
            let built: TrendSeriesSet
            do {
                // eGFR from creatinine through the one derivation (CreatinineEGFR), as `labs list` and reports.
                built = try TrendSeriesBuilder.labSeries(
                    analyte,
                    results: own.map(\.value),
                    creatinine: isEGFR ? creatinine : [],
                    profile: person
                )
            } catch {
                throw TrendsError.displayUnit(error)
            }
            let trend = try assemble(
                built,
                request: Request(subject: .lab(analyte)),
                days: days,
                profile: stored,
                timeZone: timeZone,
                now: now
            )
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
        return labs
    }

    /// The pre- and post-dialysis weights and the gain per session over the window, from the weights with phases.
    private func dialysisWeights(_ weights: [TaggedWeight], _ window: Window) throws -> (
        pre: Trend, post: Trend, gain: Trend
    ) {
        let (stored, days, timeZone, now) = (window.profile, window.days, window.timeZone, window.now)
        let person = stored.profile
        func phase(_ phase: DialysisPhase) throws -> Trend {
            let series: TrendSeries
            do {
                series = try DialysisWeightSeries.phaseSeries(
                    weights,
                    phase: phase,
                    displayUnits: person.displayUnits
                )
            } catch {
                throw TrendsError.displayUnit(error)
            }
            return try assemble(
                TrendSeriesSet(series: [series]),
                request: Request(subject: .weight, phase: phase),
                days: days,
                profile: stored,
                timeZone: timeZone,
                now: now
            )
        }
        let (gainSeries, percent) = DialysisWeightSeries.gainSeries(
            InterdialyticGainCalculator.perSession(
                weights,
                schedule: person.dialysisSchedule,
                timeZone: timeZone,
                dryWeightKilograms: person.dryWeightKilograms
            )
        )
        let gain = try assemble(
            TrendSeriesSet(
                series: [gainSeries],
                notes: person.dryWeightKilograms == nil
                    ? ["no dry weight is set, so no % of dry weight (`kidneyhub profile set --dry-weight KG`)"] : []
            ),
            request: Request(subject: .weight, gain: true),
            days: days,
            profile: stored,
            timeZone: timeZone,
            now: now,
            percentOfDryWeight: percent
        )
        return (try phase(.pre), try phase(.post), gain)
    }

    /// A reading subject charted by day (weight, blood pressure, glucose) from the store's mean per local day of the
    /// two periods, so the series and its summary are those of `trend(_:days:profile:)` without reading every
    /// reading. A meter's HI or LO in the window (`flagged`) is named in a note, never drawn.
    private func dailyTrend(
        _ subject: TrendSubject,
        means: [DailyReadingMean],
        flagged: [StoredMeasurement],
        offsets: ZoneOffsets,
        _ window: Window
    ) throws -> Trend {
        let (stored, days, timeZone, now) = (window.profile, window.days, window.timeZone, window.now)
        guard let kind = subject.measurementKind else { throw TrendsError.noSeries }
        // Each day's mean stands as one reading at the start of its day, where TrendAnalysis puts a daily mean.
        let readings = means.map {
            NormalizedMeasurement(
                sourceRecordId: "day:\($0.day)",
                kind: kind,
                value: $0.value,
                components: $0.components,
                unit: $0.unit,
                originalValue: $0.value,
                originalComponents: $0.components,
                originalUnit: $0.unit,
                startMs: LocalClock.startOfDay($0.day, in: offsets),
                endMs: nil,
                utcOffsetSeconds: 0,
                context: nil
            )
        }
        var built: TrendSeriesSet
        do {
            built = try TrendSeriesBuilder.readingSeries(
                subject,
                readings: readings,
                displayUnits: stored.profile.displayUnits
            )
        } catch {
            throw TrendsError.displayUnit(error)
        }
        built.notes += flagged.compactMap {
            MeterRangeAlert.summary($0.measurement, timeZone: timeZone).map { "1 reading \($0), not charted" }
        }
        return try assemble(
            built,
            request: Request(subject: subject),
            days: days,
            profile: stored,
            timeZone: timeZone,
            now: now
        )
    }
}
