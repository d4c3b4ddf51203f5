import Care
import Charts
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// Charts of labs, weights (pre, post, gain), blood pressure, glucose and intake against the limits: each an SVG
/// drawn by the chart code with a title and a description, and its data as a table.
struct TrendsPage {
    var layout: Layout
    var overview: TrendsService.Overview
    /// The profile's zone, fixed for the page: the date labels below are worked out in it once.
    let timeZone: TimeZone
    /// Each instant's local date as text, worked out once a page: the tables and descriptions name the same days
    /// many times (the six intake charts share their days), and each costs a look-up of the zone's offset.
    private let dateLabels = DateLabels()

    /// The windows the page offers, in days.
    static let windows = [7, 30, 90, 365]
    static let intakeDays = TrendsService.intakeDays

    /// One chart to draw: its series in the display unit and its reference lines or bands.
    struct Chart {
        var id: String
        var title: String
        var unit: String
        var series: [(label: String, points: [TrendPoint], color: ChartColor, style: SeriesStyle)]
        var references: [ChartReference] = []
        var bars = false
    }

    func render() -> String {
        let language = layout.language
        let t = language.text
        let options = Self.windows.map { ("\($0)", language.text(.lastDays, language.number(Double($0)))) }
        var body = """
            <p>\(t(.trendsIntro))</p>
            <form method="get" action="/trends" class="period">\
            \(Controls.select("days", label: t(.period), options: options, selected: "\(overview.days)"))\
            <button type="submit">\(t(.showPeriod))</button></form>
            """
        body += "<h2>\(t(.labsTitle))</h2>"
        body += overview.labs.isEmpty ? "<p>\(t(.noLabs))</p>" : overview.labs.map { block(labChart($0)) }.joined()
        body += "<h2>\(t(.weightsHeading))</h2>" + weightCharts().map { block($0) }.joined()
        // One chart each: the chart's own heading is the section's, not a second one under it.
        body += block(bloodPressureChart(), level: 2)
        body += block(readingChart(overview.glucose, id: "glucose", title: t(.glucose)), level: 2)
        body += "<h2>\(t(.intakeHeading2))</h2>"
        if overview.days > Self.intakeDays { body += "<p>\(t(.intakeWindowNote))</p>" }
        body += IntakeSubject.todayOrder.map { block(intakeChart($0)) }.joined()
        return layout.page(title: t(.trendsTitle), path: "/trends", body: body)
    }

    // MARK: The charts

    private func labChart(_ lab: TrendsService.LabTrend) -> Chart {
        let series = lab.trend.summaries.first?.series
        let unit = UnitDisplayName.text(series?.unit ?? lab.analyte.canonicalUnit.code)
        var references: [ChartReference] = []
        if let standing = lab.standing, standing.targetLow != nil || standing.targetHigh != nil {
            references.append(
                ChartReference(label: layout.language.text(.target), low: standing.targetLow, high: standing.targetHigh)
            )
        }
        return Chart(
            id: "lab-\(lab.analyte.id)",
            title: layout.language.labName(lab.analyte),
            unit: unit,
            series: [(layout.language.labName(lab.analyte), series?.points ?? [], .blue, .line)],
            references: references
        )
    }

    private func weightCharts() -> [Chart] {
        let t = layout.language.text
        if let weight = overview.weight {
            return [readingChart(weight, id: "weight", title: t(.weight))]
        }
        let pre = overview.preWeight?.summaries.first
        let post = overview.postWeight?.summaries.first
        let unit = UnitDisplayName.text(pre?.series.unit ?? post?.series.unit ?? "kg")
        var charts = [
            Chart(
                id: "weights",
                title: "\(t(.preWeight)) · \(t(.postWeight))",
                unit: unit,
                series: [
                    (t(.preWeight), pre?.summary.points ?? [], .blue, .line),
                    (t(.postWeight), post?.summary.points ?? [], .orange, .line),
                ]
            )
        ]
        if let gain = overview.gain?.summaries.first {
            charts.append(
                Chart(
                    id: "gain",
                    title: t(.gain),
                    unit: UnitDisplayName.text(gain.series.unit),
                    series: [(t(.gain), gain.summary.points, .purple, .bars)],
                    bars: true
                )
            )
        }
        return charts
    }

    private func bloodPressureChart() -> Chart {
        let t = layout.language.text
        let summaries = overview.bloodPressure.summaries
        let names: [String: (String, ChartColor)] = [
            "systolic": (t(.systolic), .red), "diastolic": (t(.diastolic), .blue),
        ]
        return Chart(
            id: "blood-pressure",
            title: t(.bloodPressureTitle),
            unit: UnitDisplayName.text(summaries.first?.series.unit ?? "mm[Hg]"),
            series: summaries.map {
                let (label, color) = names[$0.series.name] ?? ($0.series.name, .grey)
                return (label, $0.summary.points, color, .line)
            }
        )
    }

    private func readingChart(_ trend: TrendsService.Trend, id: String, title: String) -> Chart {
        let first = trend.summaries.first
        return Chart(
            id: id,
            title: title,
            unit: UnitDisplayName.text(first?.series.unit ?? ""),
            series: [(title, first?.summary.points ?? [], .blue, .line)]
        )
    }

    private func intakeChart(_ subject: IntakeSubject) -> Chart {
        let t = layout.language.text
        let days = overview.intake.suffix(Self.intakeDays)
        // A day with nothing logged is not a day of zero intake: it has no bar.
        let points = days.filter { !$0.summary.entries.isEmpty }.map { day in
            TrendPoint(epochMilliseconds: noon(day.day), value: day.summary.intake.total(of: subject).value)
        }
        let limit = days.last?.summary.limits.first { $0.limit.subject == subject }?.limit
        var references: [ChartReference] = []
        if let limit {
            if let maximum = limit.maximum {
                references.append(ChartReference(label: t(.intakeLimitLine), low: maximum, high: maximum))
            }
            if let minimum = limit.minimum {
                references.append(
                    ChartReference(label: t(.intakeLimitLine), low: minimum, high: minimum, lineColor: .orange)
                )
            }
        }
        let name = t(subject.messageKey)
        return Chart(
            id: "intake-\(subject.rawValue)",
            title: layout.language.text(.intakeChartTitle, name),
            unit: UnitDisplayName.text(subject.unit),
            series: [(name, points, .green, .bars)],
            references: references,
            bars: true
        )
    }

    // MARK: Drawing and the table

    /// The chart's heading (`h3` under a section's, `h2` when the chart is the section), its SVG with title and
    /// description, and its data as a table.
    private func block(_ chart: Chart, level: Int = 3) -> String {
        let t = layout.language.text
        let heading = "<h\(level) id=\"\(chart.id)-heading\">\(esc(chart.title))</h\(level)>"
        guard chart.series.contains(where: { !$0.points.isEmpty }) else {
            return
                "<section class=\"chart-block\" data-chart=\"\(chart.id)\">\(heading)<p>\(t(.noDataInPeriod))</p></section>"
        }
        let offset = timeZone.secondsFromGMT()
        let spec = ChartSpec(
            title: "",
            yUnit: chart.unit,
            series: chart.series.map {
                ChartSeries(
                    label: $0.label,
                    points: $0.points.map { ChartPoint(x: Double($0.epochMilliseconds), y: $0.value) },
                    color: $0.color,
                    style: $0.style
                )
            },
            references: chart.references,
            utcOffsetSeconds: offset,
            yIncludesZero: chart.bars
        )
        let description = description(chart)
        let svg = ChartSVG.render(spec, id: "chart-\(chart.id)", title: chart.title, description: description)
        return """
            <section class="chart-block" data-chart="\(chart.id)">\(heading)\
            <p class="chart-desc">\(esc(description))</p>\(svg)\
            <details><summary>\(t(.dataTable))</summary>\(table(chart))</details></section>
            """
    }

    /// Each series' count, lowest and highest, and the period the chart covers.
    private func description(_ chart: Chart) -> String {
        let language = layout.language
        var sentences: [String] = []
        let all = chart.series.flatMap(\.points).map(\.epochMilliseconds)
        if let first = all.min(), let last = all.max() {
            let (from, through) = (date(first), date(last))
            sentences.append(
                from == through ? language.text(.chartDay, from) : language.text(.chartPeriod, from, through)
            )
        }
        for series in chart.series where !series.points.isEmpty {
            let values = series.points.map(\.value)
            let one = values.count == 1
            sentences.append(
                one
                    ? language.text(.seriesSummaryOne, series.label, language.number(values[0], digits: 1), chart.unit)
                    : language.text(
                        .seriesSummary,
                        series.label,
                        language.number(Double(values.count)),
                        language.number(values.min()!, digits: 1),
                        language.number(values.max()!, digits: 1),
                        chart.unit
                    )
            )
        }
        return sentences.joined(separator: " ")
    }

    private func table(_ chart: Chart) -> String {
        let language = layout.language
        let instants = Set(chart.series.flatMap { $0.points.map(\.epochMilliseconds) }).sorted()
        let header = chart.series.map { "<th scope=\"col\">\(esc($0.label))</th>" }.joined()
        // Each series' values by instant (the first at an instant, as a row shows one), looked up once per cell.
        let byInstant = chart.series.map { series in
            Dictionary(series.points.map { ($0.epochMilliseconds, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        let rows = instants.map { instant in
            let cells = byInstant.map { values in
                let value = values[instant]
                return "<td class=\"num\">\(value.map { language.number($0, digits: 1) } ?? "–")</td>"
            }.joined()
            // Labs and gains are dated by their day, the other series are daily means: the day is the row's name.
            return "<tr><th scope=\"row\">\(esc(date(instant)))</th>\(cells)</tr>"
        }.joined()
        return """
            <div class="table-wrap"><table><caption>\(esc(chart.title)) (\(esc(chart.unit)))</caption><thead><tr>\
            <th scope="col">\(layout.language.text(.date))</th>\(header)</tr></thead><tbody>\(rows)</tbody></table></div>
            """
    }

    private func date(_ instant: Int64) -> String {
        dateLabels.label(instant, in: timeZone)
    }

    /// A page's memo of local dates by instant: used by one render, on one task, so no lock is needed.
    private final class DateLabels {
        private var labels: [Int64: String] = [:]

        func label(_ instant: Int64, in timeZone: TimeZone) -> String {
            if let known = labels[instant] { return known }
            let label = LocalClock.local(instant, in: timeZone).date.description
            labels[instant] = label
            return label
        }
    }

    /// Noon of a local day, where its bar is drawn.
    private func noon(_ day: CalendarDate) -> Int64 {
        let midnightUTC = Int64(day.daysSinceEpoch) * 86_400_000
        return midnightUTC + 43_200_000 - Int64(timeZone.secondsFromGMT()) * 1000
    }
}
