import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// One medicine: its instructions and details, today's doses with a one-tap "taken", the doses taken and not taken
/// over the last 14 days (a chart with its data as a table), the dose log, and stopping it.
struct MedicationPage {
    var layout: Layout
    var session: WebSession
    var view: MedicationsService.OrderView
    var dueToday: [DosesService.DueDose]
    /// The order's figures over the chart's days, and per day, oldest first (the application layer's).
    var adherence: AdherenceService.OrderAdherence?
    var log: [DoseRecord]
    var zone: TimeZone
    var notice: String? = nil

    func render() -> String {
        let t = layout.language.text
        let order = view.order
        let id = order.id.uuidString.lowercased()
        var details = "<dt>\(t(.instructions))</dt><dd id=\"instructions\">\(esc(view.instructions))</dd>"
        details += "<dt>\(t(.orderStatus))</dt><dd>\(t(MedicationsPage.statusKey(order.status)))</dd>"
        if let reason = order.reason { details += "<dt>\(t(.reasonFor))</dt><dd>\(esc(reason))</dd>" }
        if let careTeam = view.careTeam {
            let detail = layout.language.text(
                .orderedByCareTeamDetail,
                careTeam.orderedBy,
                String(careTeam.orderedAt.prefix(10))
            )
            details += "<dt>\(t(.orderedByCareTeam))</dt><dd id=\"ordered-by-care-team\">\(esc(detail))</dd>"
        } else if case .clinician(let name) = order.prescriber {
            details += "<dt>\(t(.prescribedBy))</dt><dd>\(esc(name))</dd>"
        }
        if let since = order.authoredOn { details += "<dt>\(t(.startedOn))</dt><dd>\(since)</dd>" }
        if let note = order.note { details += "<dt>\(t(.note))</dt><dd>\(esc(note))</dd>" }
        let stop =
            order.status.isActive
            ? """
            <form method="post" action="/medications/\(id)/stop">\(csrfField(session))\
            <button type="submit" class="secondary">\(t(.stopMedication))</button></form>
            """ : ""
        return layout.page(
            title: order.medication.name,
            path: "/medications/\(id)",
            notice: notice,
            body: """
                <dl class="details">\(details)</dl>
                \(dueToday.isEmpty ? "" : DueDosesSection(layout: layout, session: session, doses: dueToday, zone: zone, returnTo: "/medications/\(id)").render())
                \(chart())
                \(logTable())
                \(stop)
                <p><a href="/medications">\(t(.allMedicines))</a></p>
                """
        )
    }

    /// Bars of doses due per day, the taken part filled; the same figures in a table below.
    private func chart() -> String {
        let language = layout.language
        let t = language.text
        var html = "<section aria-labelledby=\"adherence-heading\"><h2 id=\"adherence-heading\">"
        html += "\(t(.adherenceHeading))</h2>"
        guard let overall = adherence?.overall, let percentTaken = overall.percentTaken else {
            return html + "<p id=\"adherence-summary\">\(t(.adherenceNoDoses))</p></section>"
        }
        let days = adherence?.groups ?? []
        let summary = language.text(
            .adherenceSummary,
            language.number(Double(overall.taken)),
            language.number(Double(overall.scheduled)),
            language.number(percentTaken) + "\u{a0}%"
        )
        html += "<p id=\"adherence-summary\">\(esc(summary))</p>"
        // 24 px a day and 20 px a dose, so a phone's 360 px shows 14 days; the SVG scales down on narrower screens.
        let most = max(days.map(\.scheduled).max() ?? 1, 1)
        let width = days.count * 24
        let height = most * 20 + 20
        var bars = ""
        for (index, day) in days.enumerated() {
            let x = index * 24 + 4
            let dueHeight = day.scheduled * 20
            let takenHeight = day.taken * 20
            bars += """
                <rect class="due" x="\(x)" y="\(height - 20 - dueHeight)" width="16" height="\(dueHeight)"></rect>\
                <rect class="taken" x="\(x)" y="\(height - 20 - takenHeight)" width="16" height="\(takenHeight)"></rect>\
                <text x="\(x + 8)" y="\(height - 6)" text-anchor="middle">\(day.first.components.day)</text>
                """
        }
        html += """
            <svg id="adherence-chart" class="adherence" role="img" aria-labelledby="adherence-heading adherence-summary" \
            viewBox="0 0 \(width) \(height)" width="\(width)" height="\(height)">\
            <title>\(t(.adherenceHeading))</title><desc>\(esc(summary))</desc>\(bars)</svg>
            <p class="legend"><span class="swatch taken"></span> \(t(.taken)) \
            <span class="swatch due"></span> \(t(.notTaken)) / \(t(.missed))</p>
            """
        let rows = days.map { day in
            "<tr><td>\(day.first)</td><td class=\"num\">\(day.scheduled)</td><td class=\"num\">\(day.taken)</td></tr>"
        }.joined()
        html += """
            <details><summary>\(t(.dataTable))</summary><div class="table-wrap"><table id="adherence-days">\
            <thead><tr><th scope="col">\(t(.date))</th><th scope="col">\(t(.scheduled))</th>\
            <th scope="col">\(t(.taken))</th></tr></thead><tbody>\(rows)</tbody></table></div></details></section>
            """
        return html
    }

    /// The log, newest first.
    private func logTable() -> String {
        let t = layout.language.text
        let html = "<section aria-labelledby=\"log-heading\"><h2 id=\"log-heading\">\(t(.doseLog))</h2>"
        guard !log.isEmpty else { return html + "<p>\(t(.noDoseLog))</p></section>" }
        let rows = log.sorted { $0.recordedAtMs > $1.recordedAtMs }.map { record -> String in
            let due = record.dose.map { "\($0.date) \(esc($0.slot))" } ?? "–"
            let answer: String =
                switch record.status {
                case .taken:
                    record.takenAtMs.map { layout.language.text(.takenAt, minute($0)) }
                        ?? t(.taken)
                case .notTaken: t(.doseNotTaken) + (record.reason.map { ": \(esc($0))" } ?? "")
                case .enteredInError: t(.doseEnteredInError)
                }
            return """
                <tr data-status="\(record.status.rawValue)"><td>\(due)</td><td>\(answer)</td>\
                <td>\(minute(record.recordedAtMs))</td></tr>
                """
        }.joined()
        return html + """
            <div class="table-wrap"><table id="dose-log"><thead><tr><th scope="col">\(t(.scheduled))</th>\
            <th scope="col">\(t(.answer))</th><th scope="col">\(t(.recordedAt))</th></tr></thead>\
            <tbody>\(rows)</tbody></table></div></section>
            """
    }

    private func minute(_ epochMilliseconds: Int64) -> String { LocalMinute.text(epochMilliseconds, in: zone) }
}
