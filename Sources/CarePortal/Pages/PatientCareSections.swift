import Care
import CareServer
import CareServerStore
import Charts
import Clinical
import Foundation

/// The patient page's sections about her care (issue 20 items 3 and 8): her medication orders with a form to
/// write one and a button to stop each, her doses and adherence from what her hub pushed, and the trend of her
/// symptom scores.
enum PatientCareSections {
    /// The portal form's moments of the day, as FHIR `Timing.when` codes.
    static let moments: [(code: String, label: String)] = [
        ("", "Any time"), ("MORN", "Morning"), ("NOON", "Noon"), ("EVE", "Evening"), ("HS", "Bedtime"),
        ("C", "With meals"),
    ]

    struct Content {
        var patientID: Int64
        var orders: [PortalGate.PortalOrder]
        var tallies: [DoseTally]
        var symptomLists: [StoredList<SymptomEntry>]
        var days: Int
        var now: Date
    }

    static func render(_ content: Content, csrf: String) -> String {
        """
        <h2 id="orders-heading">Medication orders</h2>\(orders(content, csrf: csrf))\
        \(OrderForm.render(patientID: content.patientID, csrf: csrf, form: OrderForm.Values(), errors: []))\
        <h2 id="doses-heading">Doses and adherence</h2>\(doses(content))\
        <h2 id="symptom-score-heading">Symptom score</h2><div class="charts">\(symptomChart(content))</div>
        """
    }

    // MARK: - Orders

    private static func orders(_ content: Content, csrf: String) -> String {
        guard !content.orders.isEmpty else { return "<p>No medication order yet.</p>" }
        let rows = content.orders.map { item in
            let stored = item.stored
            let name = item.order?.medication.name ?? "(unreadable order)"
            let instructions = item.order.map { InstructionText.render($0, in: .english) } ?? ""
            let stop =
                stored.status == "active"
                ? """
                <form method="post" action="/portal/patients/\(content.patientID)/orders/\(stored.identifier)/stop">\
                <input type="hidden" name="csrf" value="\(esc(csrf))">\
                <button type="submit" aria-label="Stop \(esc(name))">Stop</button></form>
                """ : "–"
            return """
                <tr data-order="\(esc(stored.identifier))"><th scope="row">\(esc(name))</th>\
                <td class="wide">\(esc(instructions))</td><td>\(stored.status == "active" ? "Active" : "Stopped")</td>\
                <td>\(esc(item.orderedBy))</td><td class="time">\(esc(String(stored.authoredAt.prefix(10))))</td>\
                <td>\(stop)</td></tr>
                """
        }.joined()
        return """
            <div class="table-wrap" tabindex="0" role="region" aria-label="Medication orders">\
            <table id="orders"><caption>Orders written by the clinic, newest change first; the patient's hub takes \
            them in at its next sync</caption><thead><tr><th scope="col">Medication</th>\
            <th scope="col">Instructions</th><th scope="col">Status</th><th scope="col">Ordered by</th>\
            <th scope="col">Written</th><th scope="col">Stop</th></tr></thead><tbody>\(rows)</tbody></table></div>
            """
    }

    // MARK: - Doses

    private static func doses(_ content: Content) -> String {
        guard !content.tallies.isEmpty else {
            return "<p>No dose synced yet: doses appear once the patient's hub sends them.</p>"
        }
        let rows = content.tallies.map { tally in
            let marked = tally.taken30 + tally.notTaken30
            let share = marked == 0 ? "–" : "\(Int((Double(tally.taken30) / Double(marked) * 100).rounded())) %"
            return """
                <tr><th scope="row">\(esc(tally.medication))</th><td>\(tally.taken7)</td><td>\(tally.notTaken7)</td>\
                <td>\(tally.taken30)</td><td>\(tally.notTaken30)</td><td>\(share)</td>\
                <td class="time">\(tally.lastNotTaken.map(PortalTime.text) ?? "never")</td></tr>
                """
        }.joined()
        return """
            <div class="table-wrap" tabindex="0" role="region" aria-label="Doses and adherence">\
            <table id="adherence"><caption>Doses the patient marked as taken or not taken on her hub, per \
            medication (a dose she never marked is not sent); the share taken is of the doses marked in 30 days\
            </caption><thead><tr><th scope="col">Medication</th><th scope="col">Taken, 7 days</th>\
            <th scope="col">Not taken, 7 days</th><th scope="col">Taken, 30 days</th>\
            <th scope="col">Not taken, 30 days</th><th scope="col">Taken of marked, 30 days</th>\
            <th scope="col">Last not taken</th></tr></thead><tbody>\(rows)</tbody></table></div>
            """
    }

    // MARK: - Symptom score

    /// A list's score: the sum of its symptoms' severities (each 0 to 10, the apps' picker), so that more symptoms
    /// and worse ones both raise it.
    static func score(_ list: StoredList<SymptomEntry>) -> Int {
        list.entries.reduce(0) { $0 + Int($1.scale) }
    }

    private static func symptomChart(_ content: Content) -> String {
        let since = content.now.addingTimeInterval(-Double(content.days) * 86_400)
        let dated = content.symptomLists.compactMap { list -> (Date, StoredList<SymptomEntry>)? in
            guard let at = recordedDate(list.recordedAt), at >= since else { return nil }
            return (at, list)
        }.sorted { $0.0 < $1.0 }
        let points = dated.map { ChartPoint(x: $0.0.timeIntervalSince1970 * 1000, y: Double(score($0.1))) }
        return PatientPage.figure(
            id: "symptom-score",
            spec: ChartSpec(
                title: "Symptom score",
                yUnit: "score",
                series: [ChartSeries(label: "Score", points: points, color: .purple)],
                yIncludesZero: true
            ),
            title: "Symptom score",
            description: "\(dated.count) symptom lists of the last \(content.days) days. A list's score is the sum of "
                + "its symptoms' severities, each 0 to 10, so more symptoms and worse ones both raise it.",
            columns: ["Recorded", "Symptoms", "Score"],
            rows: dated.map { [PortalTime.text($0.0), String($0.1.entries.count), String(score($0.1))] }
        )
    }

    /// The document's API's `2026-11-27T04:22:51.902618Z` as a date.
    static func recordedDate(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text)
    }
}
