import ArgumentParser
import Foundation
import HubCore
import HubStore

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
            has the sex at birth and the date of birth. Device readings are not yet assigned to profiles: weight, \
            blood_pressure, heart_rate and blood_glucose use every stored reading of the kind, whichever profile is \
            chosen.
            """
    )
    @OptionGroup var store: StoreOptions
    @Argument(help: "What to show, for example potassium, egfr, weight or blood_pressure.") var kind: String
    @Option(help: "The window: the last N days, today included.") var days = 30
    @Option(help: "The profile (needed when the store holds several).") var profile: String?
    @Flag(help: "Print JSON.") var json = false

    static let chartWidth = 72
    static let chartHeight = 10

    func validate() throws {
        guard TrendSubject(kind: kind) != nil else {
            throw ValidationError(
                "unknown kind '\(kind)' (accepted: \(TrendSubject.acceptedKinds().joined(separator: ", ")))"
            )
        }
        guard (1...TrendAnalysis.maximumDays).contains(days) else {
            throw ValidationError("--days: \(days) is not accepted (accepted: 1–\(TrendAnalysis.maximumDays))")
        }
    }

    func run() async throws {
        guard let subject = TrendSubject(kind: kind) else { throw CommandFailure("unknown kind '\(kind)'") }
        let database = try openStoreForReading(store)
        let stored = try await database.selectProfile(named: profile)
        let person = stored.profile
        let timeZone: TimeZone
        do {
            timeZone = try person.timeZone()
        } catch {
            throw CommandFailure("profile '\(stored.name)': \(error)")
        }
        let now = currentEpochMilliseconds()

        let built: TrendSeriesSet
        do {
            switch subject {
            case .lab(let lab):
                let results = try await database.labResults(profileId: stored.id, analyte: lab.id).map(\.value)
                let creatinine =
                    lab.id == LabAnalyte.egfr.id
                    ? try await database.labResults(profileId: stored.id, analyte: LabAnalyte.creatinine.id)
                        .map(\.value) : []
                built = try TrendSeriesBuilder.labSeries(lab, results: results, creatinine: creatinine, profile: person)
            default:
                // Both periods, with room for clock changes; TrendAnalysis picks the exact windows.
                let since = now - Int64(2 * days + 2) * 86_400_000
                let readings = try await database.measurements(
                    kind: subject.measurementKind,
                    sinceMs: since,
                    untilMs: now + 1
                )
                built = try TrendSeriesBuilder.readingSeries(
                    subject,
                    readings: readings.map(\.measurement),
                    displayUnits: person.displayUnits
                )
            }
        } catch let error as UnitConversionError {
            throw CommandFailure("cannot show \(subject.id) in the display unit: \(error)")
        }

        let aggregation = subject.aggregation(in: timeZone)
        var summaries: [(TrendSeries, TrendSummary)] = []
        for series in built.series {
            do {
                summaries.append(
                    (
                        series,
                        try TrendAnalysis.summarize(series.points, days: days, endingAt: now, aggregation: aggregation)
                    )
                )
            } catch {
                throw CommandFailure("cannot summarise \(series.name): \(error)")
            }
        }
        guard let first = summaries.first?.1 else { throw CommandFailure("no series for \(subject.id)") }
        var notes = built.notes
        if subject.measurementKind != nil {
            notes.append(Self.unassignedNote)
        }

        let report = TrendReport(
            subject: subject,
            profile: stored.name,
            days: days,
            aggregation: aggregation,
            timeZone: timeZone,
            summaries: summaries,
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
                "No \(subject.id) values in the last \(days) days (\(periodText), \(timeZone.identifier)) for "
                    + "profile '\(stored.name)'."
            )
            if case .lab(let lab) = subject {
                print("Add a result with `kidneyhub labs add \(lab.id) VALUE UNIT`, or choose more days with --days.")
            } else {
                print("Sync a device with `kidneyhub devices sync`, or choose more days with --days.")
            }
            for note in notes { print("Note: \(note)") }
            return
        }

        let how = aggregation == .readings ? "every reading" : "daily means (\(timeZone.identifier))"
        for (index, (series, summary)) in summaries.enumerated() {
            if index > 0 { print("") }
            let title =
                series.name == subject.id ? subject.displayName : "\(subject.displayName), \(series.name)"
            print("\(title) in \(series.unit), profile '\(stored.name)', last \(days) days (\(periodText)), \(how)")
            let chart: String
            do {
                chart = try TerminalChart.render(
                    summary.points,
                    width: Self.chartWidth,
                    height: Self.chartHeight,
                    unit: series.unit,
                    timeZone: timeZone
                )
            } catch {
                throw CommandFailure("cannot draw the chart: \(error)")
            }
            print(chart)
            print("")
            let decimals = subject.decimals(unit: series.unit)
            func value(_ number: Double?) -> String {
                number.map { "\(LabEntry.fixed($0, decimals: decimals)) \(series.unit)" } ?? "-"
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
                ["change", summary.change.map { changeText($0, decimals: decimals, unit: series.unit) } ?? "-"],
            ]
            let derived = summary.points.filter { series.derivedInstants.contains($0.epochMilliseconds) }.count
            if derived > 0 {
                rows.append(["derived", "\(derived) of \(summary.count) from creatinine (CKD-EPI 2021)"])
            }
            printTable(["STATISTIC", "VALUE"], rows)
        }
        for note in notes { print("Note: \(note)") }
    }

    static let unassignedNote =
        "device readings are not yet assigned to profiles, so every stored reading of this kind is shown"

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
        var points: [Point]
    }

    var kind: String
    var profile: String
    var days: Int
    var aggregation: String
    var timeZone: String
    var period: Period
    var previousPeriod: Period
    var series: [Series]
    var notes: [String]

    init(
        subject: TrendSubject,
        profile: String,
        days: Int,
        aggregation: TrendAggregation,
        timeZone: TimeZone,
        summaries: [(TrendSeries, TrendSummary)],
        notes: [String]
    ) {
        kind = subject.id
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
        series = summaries.map { series, summary in
            Series(
                name: series.name,
                unit: series.unit,
                count: summary.count,
                minimum: summary.minimum,
                maximum: summary.maximum,
                mean: summary.mean,
                previousMean: summary.previousMean,
                change: summary.change,
                points: summary.points.map { point in
                    let derived = series.derivedInstants.contains(point.epochMilliseconds)
                    return Point(
                        time: localTime(point.epochMilliseconds, timeZone),
                        value: point.value,
                        derived: derived,
                        derivedFrom: derived ? LabAnalyte.creatinine.id : nil
                    )
                }
            )
        }
        self.notes = notes
    }
}
