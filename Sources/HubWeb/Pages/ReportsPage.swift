import Foundation
import HubServices
import Reports

/// The PDF report: make one for a period (and hand it to the mail program for an address), download it and the ones
/// made before.
struct ReportsPage {
    var layout: Layout
    var session: WebSession
    var reports: [ReportsService.Kept]
    var notice: String? = nil
    var errors: [String] = []
    /// What a refused form sent, shown again as typed.
    var values: FormFields? = nil

    func render() -> String {
        let language = layout.language
        let t = language.text
        let rows = reports.map { report in
            let entry = report.entry
            let name = URL(fileURLWithPath: entry.path).lastPathComponent
            return """
                <tr data-report="\(report.number)"><td>\(esc(entry.from)) – \(esc(entry.through))</td>\
                <td class="num">\(language.number(Double(entry.pages)))</td>\
                <td class="num">\(language.number(Double(entry.bytes) / 1024, digits: 0))\u{a0}KB</td>\
                <td>\(esc(String(entry.createdAt.prefix(16)).replacingOccurrences(of: "T", with: " ")))</td>\
                <td><a href="/reports/\(report.number).pdf" download="\(esc(name))">\(t(.download))\
                <span class="visually-hidden"> \(esc(entry.from)) – \(esc(entry.through))</span></a></td></tr>
                """
        }.joined()
        let table =
            reports.isEmpty
            ? "<p>\(t(.noReports))</p>"
            : """
            <div class="table-wrap"><table id="reports" aria-labelledby="kept-heading"><thead><tr>\
            <th scope="col">\(t(.period))</th><th scope="col">\(t(.pages))</th><th scope="col">\(t(.size))</th>\
            <th scope="col">\(t(.madeAt))</th><th scope="col">\(t(.file))</th></tr></thead>\
            <tbody>\(rows)</tbody></table></div>
            """
        return layout.page(
            title: t(.reportsTitle),
            path: "/reports",
            notice: notice,
            errors: errors,
            body: """
                <p>\(t(.reportsIntro))</p>
                <form method="post" action="/reports" class="stack" id="report-form">\(csrfField(session))
                \(Controls.input("from", label: t(.fromDate), type: "date", value: values?.text("from") ?? "", hint: t(.fromDateHint)))
                \(Controls.input("through", label: t(.throughDate), type: "date", value: values?.text("through") ?? "", hint: t(.throughDateHint)))
                \(Controls.input("mailTo", label: t(.mailTo), type: "email", value: values?.text("mailTo") ?? "", hint: t(.mailToHint), extra: "autocomplete=\"email\""))
                <button type="submit">\(t(.makeReport))</button>
                </form>
                <h2 id="kept-heading">\(t(.keptReports))</h2>
                \(table)
                <h2 id="export-heading">\(t(.exportHeading))</h2>
                <p>\(t(.exportIntro))</p>
                <ul id="exports" aria-labelledby="export-heading">\
                <li><a href="/reports/export/json" download>\(t(.exportJSON))</a></li>\
                <li><a href="/reports/export/csv" download>\(t(.exportCSV))</a></li>\
                <li><a href="/reports/export/fhir" download>\(t(.exportFHIR))</a></li></ul>
                """
        )
    }
}
