import Care
import Charts
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// Charts of one part of the trends (weights, blood pressure and glucose; labs; intake against the limits): each an
/// SVG drawn by the chart code with a title and a description, and its data as a table. The parts are pages of their
/// own under one navigation, so a phone shows a few charts at a time.
struct TrendsPage: Sendable {
    var layout: Layout
    var content: Content
    /// The profile's zone, fixed for the page: the date labels below are worked out in it once.
    let timeZone: TimeZone

    /// What the page shows: one part's overview.
    enum Content: Sendable {
        case readings(TrendsService.ReadingsOverview)
        case labs(TrendsService.LabsOverview)
        case intake(TrendsService.IntakeOverview)

        var section: TrendsService.Section {
            switch self {
            case .readings: .readings
            case .labs: .labs
            case .intake: .intake
            }
        }

        var days: Int {
            switch self {
            case .readings(let overview): overview.days
            case .labs(let overview): overview.days
            case .intake(let overview): overview.days
            }
        }
    }

    /// The windows the page offers, in days.
    static let windows = TrendsService.windows
    static let intakeDays = TrendsService.intakeDays

    /// Each part's path: the readings, most looked at, are the navigation's `/trends`.
    static func path(_ section: TrendsService.Section) -> String {
        section == .readings ? "/trends" : "/trends/\(section.rawValue)"
    }

    /// One chart to draw: its series in the display unit and its reference lines or bands.
    struct Chart: Sendable {
        var id: String
        var title: String
        var unit: String
        var series: [(label: String, points: [TrendPoint], color: ChartColor, style: SeriesStyle)]
        var references: [ChartReference] = []
        var bars = false
    }

    /// A part of the page in order: text as it is, or a chart block under a heading of `level`.
    private enum Part: Sendable {
        case text(String)
        case chart(Chart, level: Int)
    }

    func render() -> String {
        let parts = parts()
        // Each local date the page names, worked out once: the tables and descriptions name the same days many
        // times (the five intake charts share theirs), and each costs a look-up of the zone's offset.
        var instants = Set<Int64>()
        for case .chart(let chart, _) in parts {
            for series in chart.series { instants.formUnion(series.points.lazy.map(\.epochMilliseconds)) }
        }
        let dates = DateLabels(instants, timeZone: timeZone)
        var body = ""
        for part in parts {
            switch part {
            case .text(let html): body += html
            case .chart(let chart, let level): body += block(chart, level: level, dates: dates)
            }
        }
        let language = layout.language
        let title = language.text(.trendsSectionTitle, Self.name(content.section, language.text))
        return layout.page(title: title, path: Self.path(content.section), body: body)
    }

    /// A part's name in the navigation and the title.
    private static func name(_ section: TrendsService.Section, _ t: (MessageKey) -> String) -> String {
        switch section {
        case .readings: t(.trendsReadings)
        case .labs: t(.labsTitle)
        case .intake: t(.trendsIntake)
        }
    }

    /// The page's parts in order: the navigation between the parts and the period's form, then the charts.
    private func parts() -> [Part] {
        var parts: [Part] = [.text(header())]
        switch content {
        case .readings(let overview):
            let t = layout.language.text
            parts.append(.text("<h2>\(t(.weightsHeading))</h2>"))
            parts += weightCharts(overview).map { .chart($0, level: 3) }
            // One chart each: the chart's own heading is the section's, not a second one under it.
            parts.append(.chart(bloodPressureChart(overview.bloodPressure), level: 2))
            parts.append(.chart(readingChart(overview.glucose, id: "glucose", title: t(.glucose)), level: 2))
        case .labs(let overview):
            if overview.labs.isEmpty { parts.append(.text("<p>\(layout.language.text(.noLabs))</p>")) }
            parts += overview.labs.map { .chart(labChart($0), level: 2) }
        case .intake(let overview):
            if overview.days > Self.intakeDays {
                parts.append(.text("<p>\(layout.language.text(.intakeWindowNote))</p>"))
            }
            parts += IntakeSubject.todayOrder.map { .chart(intakeChart($0, overview.intake), level: 2) }
        }
        return parts
    }

    /// The introduction, the links to the other parts (keeping the period) and the period's form.
    private func header() -> String {
        let language = layout.language
        let t = language.text
        let (days, current) = (content.days, content.section)
        let query = days == 30 ? "" : "?days=\(days)"
        var html = "<p>\(t(.trendsIntro))</p><nav aria-label=\"\(t(.trendsSections))\"><ul>"
        for section in TrendsService.Section.allCases {
            let mark = section == current ? " aria-current=\"page\"" : ""
            html += "<li><a href=\"\(Self.path(section))\(query)\"\(mark)>\(Self.name(section, t))</a></li>"
        }
        let options = Self.windows.map { ("\($0)", language.text(.lastDays, language.number(Double($0)))) }
        html += """
            </ul></nav><form method="get" action="\(Self.path(current))" class="period">\
            \(Controls.select("days", label: t(.period), options: options, selected: "\(days)"))\
            <button type="submit">\(t(.showPeriod))</button></form>
            """
        return html
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

    private func weightCharts(_ overview: TrendsService.ReadingsOverview) -> [Chart] {
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

    private func bloodPressureChart(_ bloodPressure: TrendsService.Trend) -> Chart {
        let t = layout.language.text
        let summaries = bloodPressure.summaries
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

    private func intakeChart(_ subject: IntakeSubject, _ intake: [TrendsService.IntakeDay]) -> Chart {
        let t = layout.language.text
        let days = intake.suffix(Self.intakeDays)
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
    private func block(_ chart: Chart, level: Int, dates: DateLabels) -> String {
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
        let description = description(chart, dates: dates)
        let svg = ChartSVG.render(spec, id: "chart-\(chart.id)", title: chart.title, description: description)
        return """
            <section class="chart-block" data-chart="\(chart.id)">\(heading)\
            <p class="chart-desc">\(esc(description))</p>\(svg)\
            <details><summary>\(t(.dataTable))</summary>\(table(chart, dates: dates))</details></section>
            """
    }

    /// Each series' count, lowest and highest, and the period the chart covers.
    private func description(_ chart: Chart, dates: DateLabels) -> String {
        let language = layout.language
        var sentences: [String] = []
        let all = chart.series.flatMap(\.points).map(\.epochMilliseconds)
        if let first = all.min(), let last = all.max() {
            let (from, through) = (dates[first], dates[last])
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

    private func table(_ chart: Chart, dates: DateLabels) -> String {
        let language = layout.language
        let instants = Set(chart.series.flatMap { $0.points.map(\.epochMilliseconds) }).sorted()
        // Each series' values by instant (the first at an instant, as a row shows one), looked up once per cell.
        let byInstant = chart.series.map { series in
            Dictionary(series.points.map { ($0.epochMilliseconds, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        // Written into one string: the intermediate strings of each cell and row, joined, were most of the table's
        // time (perf).
        var html = String()
        html.reserveCapacity(200 + instants.count * (40 + 30 * byInstant.count))
        html += "<div class=\"table-wrap\"><table><caption>\(esc(chart.title)) (\(esc(chart.unit)))</caption>"
        html += "<thead><tr><th scope=\"col\">\(language.text(.date))</th>"
        for series in chart.series { html += "<th scope=\"col\">\(esc(series.label))</th>" }
        html += "</tr></thead><tbody>"
        for instant in instants {
            // Labs and gains are dated by their day, the other series are daily means: the day is the row's name.
            html += "<tr><th scope=\"row\">"
            html += esc(dates[instant])
            html += "</th>"
            for values in byInstant {
                html += "<td class=\"num\">"
                html += values[instant].map { language.number($0, digits: 1) } ?? "–"
                html += "</td>"
            }
            html += "</tr>"
        }
        html += "</tbody></table></div>"
        return html
    }

    /// The local date of each instant a page names, worked out before its blocks are drawn and only read by them.
    private struct DateLabels: Sendable {
        private let labels: [Int64: String]
        private let timeZone: TimeZone

        init(_ instants: Set<Int64>, timeZone: TimeZone) {
            let day = LocalClock.millisecondsPerDay
            let offsets = ZoneOffsets(timeZone, from: (instants.min() ?? 0) - day, until: (instants.max() ?? 0) + day)
            labels = Dictionary(
                uniqueKeysWithValues: instants.map { ($0, LocalClock.local($0, in: offsets).date.description) }
            )
            self.timeZone = timeZone
        }

        subscript(instant: Int64) -> String { labels[instant] ?? Self.label(instant, in: timeZone) }

        private static func label(_ instant: Int64, in timeZone: TimeZone) -> String {
            LocalClock.local(instant, in: timeZone).date.description
        }
    }

    /// Noon of a local day, where its bar is drawn.
    private func noon(_ day: CalendarDate) -> Int64 {
        let midnightUTC = Int64(day.daysSinceEpoch) * 86_400_000
        return midnightUTC + 43_200_000 - Int64(timeZone.secondsFromGMT()) * 1000
    }
}
