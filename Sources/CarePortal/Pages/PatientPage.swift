import CareServerStore
import Charts
import Foundation

/// One patient's page: her flags, trends as SVG charts (each with a title, a description and its data as a table),
/// labs and symptom lists.
enum PatientPage {
    struct Content {
        var row: PatientRow
        var weights: [PortalReading]
        var pressures: [PortalReading]
        var potassium: [PortalReading]
        var labs: [PortalReading]
        var symptomLists: [StoredList<SymptomEntry>]
        var days: Int
        var rules: FlagRules
        /// Orders, doses and the symptom score, rendered by `PatientCareSections`.
        var careSections: String = ""
        /// Questionnaires: assigning, assigned, answered, the symptom-score trend (`QuestionnaireSection`).
        var questionnaires: QuestionnaireSection.Content? = nil
    }

    static func render(_ content: Content, csrf: String) -> String {
        let o = content.row.overview
        let flags =
            content.row.flags.isEmpty
            ? #"<p class="none">No flag.</p>"#
            : "<ul class=\"flags\">"
                + content.row.flags.map { #"<li class="flag" data-flag="\#($0.kind.rawValue)">\#(esc($0.text))</li>"# }
                .joined() + "</ul>"
        let charts = [
            weightChart(content), gainChart(content), pressureChart(content), potassiumChart(content),
        ].joined()
        return PortalLayout.page(
            title: "\(o.firstName) (\(o.username))",
            csrf: csrf,
            body: """
                <p><a href="/portal/patients">All patients</a></p>\
                <h2>Flags</h2>\(flags)\
                <h2>Trends of the last \(content.days) days</h2><div class="charts">\(charts)</div>\
                <h2>Labs</h2>\(labs(content.labs))\
                <h2>Symptoms</h2>\(symptoms(content.symptomLists))\(content.careSections)\
                \(content.questionnaires.map { QuestionnaireSection.render($0, csrf: csrf) } ?? "")
                """
        )
    }

    // MARK: - Charts

    private static func weightChart(_ content: Content) -> String {
        let pre = content.weights.filter { $0.phase == "pre" }
        let post = content.weights.filter { $0.phase == "post" }
        let other = content.weights.filter { $0.phase == nil }
        var series = [
            ChartSeries(label: "Pre-dialysis", points: points(pre), color: .blue),
            ChartSeries(label: "Post-dialysis", points: points(post), color: .orange),
        ]
        if !other.isEmpty {
            series.append(ChartSeries(label: "Other", points: points(other), color: .grey, style: .markers))
        }
        let rows = content.weights.map {
            [PortalTime.text($0.effectiveAt), $0.phase ?? "–", PatientFlags.fixed($0.value ?? 0, 1)]
        }
        return figure(
            id: "weight",
            spec: ChartSpec(title: "Weight", yUnit: "kg", series: series),
            title: "Body weight before and after dialysis",
            description: "\(pre.count) pre-dialysis and \(post.count) post-dialysis weights in kilograms.",
            columns: ["Time", "Phase", "Weight (kg)"],
            rows: rows
        )
    }

    private static func gainChart(_ content: Content) -> String {
        let gains = GainSeries.gains(content.weights)
        let points = gains.map { ChartPoint(x: $0.at.timeIntervalSince1970 * 1000, y: $0.percent) }
        let limit = content.rules.gainPercent
        return figure(
            id: "gain",
            spec: ChartSpec(
                title: "Interdialytic weight gain",
                yUnit: "%",
                series: [ChartSeries(label: "Gain", points: points, color: .purple, style: .bars)],
                references: [ChartReference(label: "Limit \(PatientFlags.fixed(limit, 0)) %", low: limit, high: limit)],
                yIncludesZero: true
            ),
            title: "Interdialytic weight gain",
            description: "\(gains.count) gains in % of the post-dialysis weight before each, against the "
                + "\(PatientFlags.fixed(limit, 0)) % limit.",
            columns: ["Time", "Gain (kg)", "Gain (%)"],
            rows: gains.map {
                [PortalTime.text($0.at), PatientFlags.fixed($0.kilograms, 1), PatientFlags.fixed($0.percent, 1)]
            }
        )
    }

    private static func pressureChart(_ content: Content) -> String {
        let readings = content.pressures.filter { $0.systolic != nil && $0.diastolic != nil }
        let systolic = readings.map { ChartPoint(x: ms($0.effectiveAt), y: $0.systolic ?? 0) }
        let diastolic = readings.map { ChartPoint(x: ms($0.effectiveAt), y: $0.diastolic ?? 0) }
        let rules = content.rules
        return figure(
            id: "pressure",
            spec: ChartSpec(
                title: "Blood pressure",
                yUnit: "mmHg",
                series: [
                    ChartSeries(label: "Systolic", points: systolic, color: .red),
                    ChartSeries(label: "Diastolic", points: diastolic, color: .blue),
                ],
                references: [
                    ChartReference(label: "Systolic target", low: rules.systolic, high: rules.systolic),
                    ChartReference(
                        label: "Diastolic target",
                        low: rules.diastolic,
                        high: rules.diastolic,
                        lineColor: .orange
                    ),
                ]
            ),
            title: "Blood pressure",
            description: "\(readings.count) readings in mmHg; pre-dialysis target below "
                + "\(PatientFlags.fixed(rules.systolic, 0))/\(PatientFlags.fixed(rules.diastolic, 0)) "
                + "(\(rules.pressureSource)).",
            columns: ["Time", "Systolic (mmHg)", "Diastolic (mmHg)"],
            rows: readings.map {
                [
                    PortalTime.text($0.effectiveAt), PatientFlags.fixed($0.systolic ?? 0, 0),
                    PatientFlags.fixed($0.diastolic ?? 0, 0),
                ]
            }
        )
    }

    private static func potassiumChart(_ content: Content) -> String {
        let limit = content.rules.potassiumMillimolesPerLitre
        let values = content.potassium.filter { $0.value != nil }
        return figure(
            id: "potassium",
            spec: ChartSpec(
                title: "Potassium",
                yUnit: "mmol/L",
                series: [ChartSeries(label: "Potassium", points: points(values), color: .green)],
                references: [ChartReference(label: "Alert", low: limit, high: limit)]
            ),
            title: "Potassium",
            description: "\(values.count) results in mmol/L against the alert at \(PatientFlags.fixed(limit, 1)) "
                + "(\(content.rules.potassiumSource)).",
            columns: ["Time", "Potassium (mmol/L)"],
            rows: values.map { [PortalTime.text($0.effectiveAt), PatientFlags.fixed($0.value ?? 0, 1)] }
        )
    }

    /// A chart as a figure: the SVG (or a sentence when there is nothing to draw) and its data table.
    static func figure(
        id: String,
        spec: ChartSpec,
        title: String,
        description: String,
        columns: [String],
        rows: [[String]]
    ) -> String {
        let drawing =
            spec.isEmpty
            ? "<p>No data in this period.</p>"
            : ChartSVG.render(spec, id: "chart-\(id)", title: title, description: description)
        let head = columns.map { "<th scope=\"col\">\(esc($0))</th>" }.joined()
        let body = rows.map { row in
            "<tr>" + row.map { "<td>\(esc($0))</td>" }.joined() + "</tr>"
        }.joined()
        let table =
            rows.isEmpty
            ? ""
            : """
            <details><summary>Data table</summary>\
            <div class="table-wrap" tabindex="0" role="region" aria-label="\(esc(title)) data"><table id="table-\(id)">\
            <caption>\(esc(title))</caption><thead><tr>\(head)</tr></thead><tbody>\(body)</tbody></table></div>\
            </details>
            """
        return """
            <figure aria-labelledby="caption-\(id)"><figcaption id="caption-\(id)"><strong>\(esc(title))</strong>\
            </figcaption>\(drawing)\(table)</figure>
            """
    }

    // MARK: - Labs and symptoms

    private static func labs(_ labs: [PortalReading]) -> String {
        guard !labs.isEmpty else { return "<p>No lab results synced.</p>" }
        let lines = labs.map { lab in
            let value = lab.value.map { PatientFlags.fixed($0, 2) } ?? "–"
            return """
                <tr><td class="time">\(esc(PortalTime.text(lab.effectiveAt)))</td>\
                <td>\(esc(lab.display ?? lab.code))</td>\
                <td>\(value)</td><td>\(esc(lab.unit ?? ""))</td></tr>
                """
        }.joined()
        return """
            <div class="table-wrap" tabindex="0" role="region" aria-label="Labs">\
            <table id="labs"><caption>The newest \(labs.count) lab results</caption>\
            <thead><tr><th scope="col">Time</th><th scope="col">Test</th><th scope="col">Value</th>\
            <th scope="col">Unit</th></tr></thead><tbody>\(lines)</tbody></table></div>
            """
    }

    private static func symptoms(_ lists: [StoredList<SymptomEntry>]) -> String {
        guard !lists.isEmpty else { return "<p>No symptom lists.</p>" }
        let lines = lists.map { list in
            let entries = list.entries.map { "symptom \($0.symptomNo): \($0.scale)" }.joined(separator: ", ")
            let top = list.entries.map(\.scale).max().map(String.init) ?? "–"
            return """
                <tr><td class="time">\(esc(minute(list.recordedAt)))</td><td>\(top)</td>\
                <td class="wide">\(esc(entries))</td></tr>
                """
        }.joined()
        return """
            <div class="table-wrap" tabindex="0" role="region" aria-label="Symptoms">\
            <table id="symptoms"><caption>The newest \(lists.count) symptom lists \
            (scores 0 to 10)</caption><thead><tr><th scope="col">Recorded</th><th scope="col">Highest</th>\
            <th scope="col">Scores</th></tr></thead><tbody>\(lines)</tbody></table></div>
            """
    }

    /// `2026-11-27T04:22:51.902618Z` (the document's API's form) as `2026-11-27 04:22 UTC`, as the portal prints
    /// times.
    private static func minute(_ recordedAt: String) -> String {
        guard recordedAt.count >= 16, recordedAt.hasSuffix("Z") else { return recordedAt }
        return recordedAt.prefix(16).replacingOccurrences(of: "T", with: " ") + " UTC"
    }

    private static func points(_ readings: [PortalReading]) -> [ChartPoint] {
        readings.compactMap { reading in reading.value.map { ChartPoint(x: ms(reading.effectiveAt), y: $0) } }
    }

    private static func ms(_ date: Date) -> Double { date.timeIntervalSince1970 * 1000 }
}
