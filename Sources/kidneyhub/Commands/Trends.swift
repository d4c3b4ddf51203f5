import ArgumentParser
import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import TerminalOutput

/// `kidneyhub trends KIND`.
struct Trends: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A lab or a kind of reading over the last days: the series, min, max, mean, change, and a chart.",
        discussion: """
            KIND: a lab (\(LabCatalog.standard.ids.joined(separator: ", "))) or a device reading \
            (\(TrendSubject.readingKinds.joined(separator: ", "))). blood_pressure gives a systolic and a diastolic \
            series. Weight, blood pressure and blood glucose are reduced to one mean per local day in the profile's \
            time zone; labs and heart rate are shown reading by reading. The change compares the mean with the mean \
            of the same number of days before. Weight and glucose are shown in the profile's display units \
            (`kidneyhub profile set --weight-unit kg|lb --glucose-unit mg/dL|mmol/L`), other values in their \
            canonical unit. For egfr, eGFR is also derived from creatinine results (CKD-EPI 2021) when the profile \
            has the sex at birth and the date of birth. Weight, blood_pressure, heart_rate and blood_glucose use the \
            readings that belong to the profile: its manual entries and the readings of devices assigned to it \
            (`kidneyhub devices assign DEVICE --profile NAME`). `weight --phase pre|post` shows only the profile's weights tagged with that dialysis phase, and \
            idwg the interdialytic weight gain of each session in kg (pre-dialysis weight minus the previous \
            session's post-dialysis weight) with its % of the dry weight; both use the weights assigned to the \
            profile (`kidneyhub weight list`). egfr also gives the slope over all eGFR values of the profile in \
            mL/min/1.73 m² per year, flagged when it falls faster than 5 a year (KDIGO 2012 Rec 2.1.3).
            """
    )
    @OptionGroup var store: StoreOptions
    @Argument(help: "What to show, for example potassium, egfr, weight or blood_pressure.") var kind: String
    @Option(help: "The window: the last N days, today included.") var days = 30
    @Option(help: "The profile (needed when the store holds several).") var profile: String?
    @Option(
        help: ArgumentHelp("With weight: only the profile's weights of this dialysis phase.", valueName: "pre|post")
    )
    var phase: String?
    @Flag(help: "Print JSON.") var json = false

    /// The kind for the interdialytic weight gain per session.
    static let gainKind = DialysisWeightSeries.gainSeriesName
    /// The phases `--phase` accepts.
    static let phases: [DialysisPhase] = [.pre, .post]
    static let chartWidth = 72
    static let chartHeight = 10

    func validate() throws {
        guard kind.lowercased() == Self.gainKind || TrendSubject(kind: kind) != nil else {
            throw ValidationError(
                "unknown kind '\(kind)' (accepted: \((TrendSubject.acceptedKinds() + [Self.gainKind]).joined(separator: ", ")))"
            )
        }
        if let phase {
            guard TrendSubject(kind: kind) == .weight else {
                throw ValidationError("--phase: only with weight, not with '\(kind)' (accepted kinds: weight)")
            }
            guard Self.phases.contains(where: { $0.rawValue == phase.lowercased() }) else {
                throw ValidationError(
                    "--phase: '\(phase)' is not accepted (accepted: \(Self.phases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
        }
        guard (1...TrendAnalysis.maximumDays).contains(days) else {
            throw ValidationError("--days: \(days) is not accepted (accepted: 1–\(TrendAnalysis.maximumDays))")
        }
    }

    func run() async throws {
        let isGain = kind.lowercased() == Self.gainKind
        guard let subject = isGain ? TrendSubject.weight : TrendSubject(kind: kind) else {
            throw CommandFailure("unknown kind '\(kind)'")
        }
        let sentPhase = phase.flatMap { DialysisPhase(rawValue: $0.lowercased()) }
        let view = TrendView(subject: subject, phase: sentPhase, gain: isGain)
        let trend: TrendsService.Trend
        do {
            trend = try await store.openForReading().trends.trend(
                TrendsService.Request(subject: subject, phase: sentPhase, gain: isGain),
                days: days,
                profile: profile
            )
        } catch TrendsError.timeZone(let name, let error) {
            throw CommandFailure("profile '\(name)': \(error)")
        } catch TrendsError.displayUnit(let error) {
            throw CommandFailure("cannot show \(view.id) in the display unit: \(error)")
        } catch TrendsError.summary(let series, let error) {
            throw CommandFailure("cannot summarise \(series): \(error)")
        } catch TrendsError.noSeries {
            throw CommandFailure("no series for \(view.id)")
        }
        let stored = trend.profile
        let timeZone = trend.timeZone
        let aggregation = trend.aggregation
        let summaries = trend.summaries.map { ($0.series, $0.summary) }
        let shares = trend.summaries.map(\.dryWeightShare)
        let first = summaries[0].1
        let slope = trend.egfrSlope
        let percentOfDryWeight = trend.percentOfDryWeight
        let notes = trend.notes

        let report = TrendReport(
            kind: isGain ? Self.gainKind : subject.id,
            phase: sentPhase?.rawValue,
            profile: stored.name,
            days: days,
            aggregation: aggregation,
            timeZone: timeZone,
            summaries: summaries,
            shares: shares,
            egfrSlope: slope,
            percentOfDryWeight: percentOfDryWeight,
            notes: notes
        )
        if json {
            try printJSON(report)
            return
        }

        let periodText = "\(localDate(first.period.start, timeZone)) to \(localDate(first.period.end, timeZone))"
        let empty = summaries.allSatisfy { $0.1.count == 0 }
        if empty {
            print(
                "No \(view.id) values in the last \(days) days (\(periodText), \(timeZone.identifier)) for "
                    + "profile '\(stored.name)'."
            )
            if case .lab(let lab) = subject {
                print("Add a result with `kidneyhub labs add \(lab.id) VALUE UNIT`, or choose more days with --days.")
            } else if view.usesProfileWeights {
                print(
                    "Add weights with `kidneyhub weight add VALUE kg --phase pre|post`, or choose more days with --days."
                )
            } else {
                print("Sync a device with `kidneyhub devices sync`, or choose more days with --days.")
            }
            if let slope { print("eGFR slope (all values): \(slope.message)") }
            for note in notes { print("Note: \(note)") }
            return
        }

        let how = aggregation == .readings ? "every reading" : "daily means (\(timeZone.identifier))"
        for (index, (series, summary)) in summaries.enumerated() {
            if index > 0 { print("") }
            let title =
                series.name == subject.id || view.usesProfileWeights
                ? view.displayName : "\(view.displayName), \(series.name)"
            // Text names the unit as people write it (mmHg, lb); `--json` keeps the UCUM code.
            let unitName = UnitDisplayName.text(series.unit)
            print("\(title) in \(unitName), profile '\(stored.name)', last \(days) days (\(periodText)), \(how)")
            let chart: String
            do {
                chart = try TerminalChart.render(
                    summary.points,
                    width: Self.chartWidth,
                    height: Self.chartHeight,
                    unit: unitName,
                    timeZone: timeZone
                )
            } catch {
                throw CommandFailure("cannot draw the chart: \(error)")
            }
            print(chart)
            print("")
            let decimals = view.decimals(unit: series.unit)
            func value(_ number: Double?) -> String {
                number.map { "\(LabEntry.fixed($0, decimals: decimals)) \(unitName)" } ?? "-"
            }
            let previousText =
                "\(localDate(summary.previousPeriod.start, timeZone)) to "
                + "\(localDate(summary.previousPeriod.end, timeZone))"
            var rows: [[String]] = [
                ["count", "\(summary.count)"],
                ["min", value(summary.minimum)],
                ["max", value(summary.maximum)],
                ["mean", value(summary.mean)],
                [
                    "previous mean",
                    summary.previousMean.map { "\(value($0)) (\(previousText))" }
                        ?? "- (no values from \(previousText))",
                ],
                ["change", summary.change.map { changeText($0, decimals: decimals, unit: unitName) } ?? "-"],
            ]
            let derived = summary.points.filter { series.derivedInstants.contains($0.epochMilliseconds) }.count
            if derived > 0 {
                rows.append(["derived", "\(derived) of \(summary.count) from creatinine (CKD-EPI 2021)"])
            }
            if percentOfDryWeight != nil {
                if let share = shares[index] {
                    rows.append(["min % of dry weight", "\(LabEntry.fixed(share.minimum, decimals: 1)) %"])
                    rows.append(["max % of dry weight", "\(LabEntry.fixed(share.maximum, decimals: 1)) %"])
                    rows.append(["mean % of dry weight", "\(LabEntry.fixed(share.mean, decimals: 1)) %"])
                } else {
                    rows.append(["% of dry weight", "- (no dry weight set)"])
                }
            }
            printTable(["STATISTIC", "VALUE"], rows)
        }
        if let slope { print("\neGFR slope (all values): \(slope.message)") }
        for note in notes { print("Note: \(note)") }
    }

    private func changeText(_ change: TrendChange, decimals: Int, unit: String) -> String {
        let sign = change.absolute > 0 ? "+" : ""
        let absolute = "\(sign)\(LabEntry.fixed(change.absolute, decimals: decimals)) \(unit)"
        guard let percent = change.percent else { return absolute }
        return "\(absolute) (\(percent > 0 ? "+" : "")\(LabEntry.fixed(percent, decimals: 1)) %)"
    }
}

/// The local date of an instant in a time zone, `YYYY-MM-DD`.
private func localDate(_ epochMilliseconds: Int64, _ timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents(
        [.year, .month, .day],
        from: Date(timeIntervalSince1970: Double(epochMilliseconds) / 1000)
    )
    return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
}

/// An instant as RFC 3339 with the time zone's offset at that instant.
private func localTime(_ epochMilliseconds: Int64, _ timeZone: TimeZone) -> String {
    let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(epochMilliseconds) / 1000))
    return RFC3339.format(epochMilliseconds: epochMilliseconds, utcOffsetSeconds: offset)
}

/// `trends --json`.
private struct TrendReport: Encodable {
    struct Period: Encodable {
        var start: String
        var end: String
    }
    struct Point: Encodable {
        var time: String
        var value: Double
        /// True for eGFR computed from creatinine (CKD-EPI 2021) rather than reported.
        var derived: Bool
        var derivedFrom: String?
        /// For idwg: the session's gain in % of the dry weight.
        var percentOfDryWeight: Double?
    }
    struct Share: Encodable {
        var minimum: Double
        var maximum: Double
        var mean: Double
    }
    struct Series: Encodable {
        var name: String
        var unit: String
        var count: Int
        var minimum: Double?
        var maximum: Double?
        var mean: Double?
        var previousMean: Double?
        var change: TrendChange?
        /// For idwg: min, max and mean % of the dry weight over the window's sessions.
        var percentOfDryWeight: Share?
        var points: [Point]
    }

    var kind: String
    /// For weight --phase: the dialysis phase shown.
    var phase: String?
    var profile: String
    var days: Int
    var aggregation: String
    var timeZone: String
    var period: Period
    var previousPeriod: Period
    var series: [Series]
    /// For egfr: the slope over every eGFR value of the profile and KDIGO's rapid-progression flag.
    var egfrSlope: EGFRSlopeAssessment?
    var notes: [String]

    init(
        kind: String,
        phase: String?,
        profile: String,
        days: Int,
        aggregation: TrendAggregation,
        timeZone: TimeZone,
        summaries: [(TrendSeries, TrendSummary)],
        shares: [(minimum: Double, maximum: Double, mean: Double)?],
        egfrSlope: EGFRSlopeAssessment? = nil,
        percentOfDryWeight: [Int64: Double]? = nil,
        notes: [String]
    ) {
        self.kind = kind
        self.phase = phase
        self.profile = profile
        self.days = days
        self.aggregation = aggregation == .readings ? "readings" : "daily_mean"
        self.timeZone = timeZone.identifier
        let first = summaries.first?.1
        period = Period(
            start: localTime(first?.period.start ?? 0, timeZone),
            end: localTime(first?.period.end ?? 0, timeZone)
        )
        previousPeriod = Period(
            start: localTime(first?.previousPeriod.start ?? 0, timeZone),
            end: localTime(first?.previousPeriod.end ?? 0, timeZone)
        )
        series = zip(summaries, shares).map { item, share in
            let (series, summary) = item
            return Series(
                name: series.name,
                unit: series.unit,
                count: summary.count,
                minimum: summary.minimum,
                maximum: summary.maximum,
                mean: summary.mean,
                previousMean: summary.previousMean,
                change: summary.change,
                percentOfDryWeight: share.map { Share(minimum: $0.minimum, maximum: $0.maximum, mean: $0.mean) },
                points: summary.points.map { point in
                    let derived = series.derivedInstants.contains(point.epochMilliseconds)
                    return Point(
                        time: localTime(point.epochMilliseconds, timeZone),
                        value: point.value,
                        derived: derived,
                        derivedFrom: derived ? LabAnalyte.creatinine.id : nil,
                        percentOfDryWeight: percentOfDryWeight?[point.epochMilliseconds]
                    )
                }
            )
        }
        self.egfrSlope = egfrSlope
        self.notes = notes
    }
}

/// What `trends` shows for a kind: a subject as it is, its weights of one dialysis phase, or the interdialytic gain.
private struct TrendView {
    var subject: TrendSubject
    var phase: DialysisPhase?
    var gain: Bool

    /// True when the series comes from the weights assigned to the profile (with their phases).
    var usesProfileWeights: Bool { gain || phase != nil }

    var id: String {
        if gain { return Trends.gainKind }
        if let phase { return "\(subject.id) (\(phase.rawValue)-dialysis)" }
        return subject.id
    }

    var displayName: String {
        if gain { return "Interdialytic weight gain" }
        switch phase {
        case .pre: return "Pre-dialysis weight"
        case .post: return "Post-dialysis weight"
        default: return subject.displayName
        }
    }

    /// Gains to 0.1 kg like weights (issue 17, item 8): the difference of two 0.1 kg readings has no more precision.
    func decimals(unit: String) -> Int {
        gain ? 1 : subject.decimals(unit: unit)
    }
}
