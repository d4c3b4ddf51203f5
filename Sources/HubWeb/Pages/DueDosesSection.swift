import Care
import Clinical
import Foundation
import HubCore
import HubServices

/// Today's doses, each with its time and instructions: one button marks an unanswered dose taken (a form of its own,
/// so it works without JavaScript and from the keyboard); an answered dose says how it was answered.
struct DueDosesSection {
    var layout: Layout
    var session: WebSession
    var doses: [DosesService.DueDose]
    var zone: TimeZone
    /// Where the button's answer leads back to.
    var returnTo: String

    func render() -> String {
        let t = layout.language.text
        var html = "<section aria-labelledby=\"doses-heading\"><h2 id=\"doses-heading\">\(t(.dosesHeading))</h2>"
        guard !doses.isEmpty else { return html + "<p>\(t(.noDosesDue))</p></section>" }
        html += "<ul id=\"doses\" class=\"doses\">"
        for due in doses {
            let time = due.dose.time.description
            let orderId = due.dose.orderId.uuidString.lowercased()
            html += """
                <li data-order="\(orderId)" data-slot="\(esc(due.dose.slot))"><span class="dose-time">\
                \(esc(layout.language.text(.dueAt, time)))</span> <strong>\(esc(due.medication))</strong> \
                <span class="hint">\(esc(due.instructions))</span> 
                """
            html += answer(due, orderId: orderId, time: time)
            html += "</li>"
        }
        return html + "</ul></section>"
    }

    private func answer(_ due: DosesService.DueDose, orderId: String, time: String) -> String {
        let t = layout.language.text
        guard let answer = due.answer else {
            let label = layout.language.text(.markTakenLabel, due.medication, time)
            return """
                <form method="post" action="/doses/take" class="inline">\(csrfField(session))\
                <input type="hidden" name="order" value="\(orderId)">\
                <input type="hidden" name="slot" value="\(esc(due.dose.slot))">\
                <input type="hidden" name="date" value="\(due.dose.date)">\
                <input type="hidden" name="return" value="\(esc(returnTo))">\
                <button type="submit" aria-label="\(esc(label))">\(t(.markTaken))</button></form>
                """
        }
        switch answer.status {
        case .taken:
            let at = answer.takenAtMs.map { String(LocalMinute.text($0, in: zone).suffix(5)) }
            return "<span class=\"dose-answer taken\">✓ \(esc(layout.language.text(.takenAt, at ?? time)))</span>"
        case .notTaken:
            return "<span class=\"dose-answer not-taken\">\(t(.doseNotTaken))</span>"
        case .enteredInError:
            return "<span class=\"dose-answer\">\(t(.doseEnteredInError))</span>"
        }
    }
}
