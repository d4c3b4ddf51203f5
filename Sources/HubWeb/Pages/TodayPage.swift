import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// Today: intake against the limits with what is left, the dialysis day's weights and gain against the 4 % line,
/// unread alerts, and the doses due with a one-tap "taken".
struct TodayPage {
    var layout: Layout
    var summary: IntakeService.DaySummary
    var dialysis: DialysisDay?
    var alerts: [StoredNotification]
    /// Today's doses, shown when the profile has medication orders.
    var doses: DueDosesSection?
    var notice: String?

    /// The weights of a dialysis day and the gain since the previous session's post weight.
    struct DialysisDay {
        var preKilograms: Double?
        var previousPostKilograms: Double?
        var gain: InterdialyticGain?
    }

    func render() -> String {
        let language = layout.language
        let t = language.text
        let (year, month, day) = summary.day.components
        var rows = ""
        for subject in IntakeSubject.todayOrder {
            let standing = summary.limits.first { $0.limit.subject == subject }
            let total: Double =
                subject == .fluid
                ? summary.intake.fluidMilliliters
                : (subject.nutrient.map { summary.intake.nutrients[$0].value } ?? 0)
            let unit = subject.unit
            var limitText = t(.noLimitSet)
            var leftText = "–"
            var rowClass = ""
            if let standing {
                // Both bounds where the stage has both (protein on dialysis): a minimum is a goal, not a ceiling.
                let limit = standing.limit
                limitText =
                    switch (limit.minimum, limit.maximum) {
                    case let (low?, high?): "\(language.number(low))–\(language.number(high)) \(unit)"
                    case let (low?, nil): "≥ \(language.number(low)) \(unit)"
                    case let (nil, high?): "≤ \(language.number(high)) \(unit)"
                    case (nil, nil): t(.noLimitSet)
                    }
                if let short = limit.shortfall(of: standing.total) {
                    leftText = "\(t(.shortBy)) \(language.number(short)) \(unit)"
                } else if let room = limit.room(after: standing.total) {
                    leftText =
                        room >= 0
                        ? "\(language.number(room)) \(unit)"
                        : "\(t(.overBy)) \(language.number(-room)) \(unit)"
                    if room < 0 { rowClass = " class=\"over\"" }
                }
            }
            rows += """
                <tr\(rowClass) data-subject="\(subject.rawValue)"><th scope="row">\(t(subject.messageKey))</th>\
                <td class="num" data-value="\(total)">\(language.number(total)) \(unit)</td>\
                <td class="num">\(limitText)</td><td class="num">\(leftText)</td></tr>
                """
        }
        var body = """
            <section aria-labelledby="intake-heading">
            <h2 id="intake-heading">\(t(.intakeHeading))</h2>
            <div class="table-wrap"><table id="intake">
            <caption>\(t(.intakeCaption))</caption>
            <thead><tr><th scope="col">\(t(.subject))</th><th scope="col">\(t(.soFar))</th>\
            <th scope="col">\(t(.limit))</th><th scope="col">\(t(.left))</th></tr></thead>
            <tbody>\(rows)</tbody></table></div>
            <p class="actions"><a class="button" href="/food">\(t(.navFood))</a> \
            <a class="button" href="/fluid">\(t(.navFluid))</a></p>
            </section>
            """
        if let doses { body += doses.render() }
        if let dialysis { body += dialysisSection(dialysis) }
        // Filled by the script when a reading arrives while the page is open (server-sent event `reading`).
        body += "<p id=\"new-readings\" role=\"status\" hidden>\(t(.newReadingsArrived)) "
        body += "<a href=\"/today\">\(t(.showNewReadings))</a></p>"
        body += "<section aria-labelledby=\"alerts-heading\"><h2 id=\"alerts-heading\">\(t(.alertsHeading))</h2>"
        body += "<div id=\"alerts\" aria-live=\"polite\">"
        if alerts.isEmpty {
            body += "<p>\(t(.noAlerts))</p>"
        } else {
            body +=
                "<ul>"
                + alerts.map { alert in
                    let (title, text) = language.notification(alert)
                    return "<li><strong>\(esc(title))</strong> \(esc(text))</li>"
                }.joined() + "</ul>"
        }
        body += "</div></section>"
        return layout.page(
            title: "\(t(.todayTitle)), \(language.day(year: year, month: month, day: day))",
            path: "/today",
            notice: notice,
            body: body
        )
    }

    private func dialysisSection(_ day: DialysisDay) -> String {
        let language = layout.language
        let t = language.text
        let kg = { (value: Double?) in value.map { "\(language.number($0, digits: 1)) kg" } ?? "–" }
        var html = """
            <section aria-labelledby="dialysis-heading" id="dialysis">
            <h2 id="dialysis-heading">\(t(.dialysisHeading))</h2>
            <dl class="pairs">
            <dt>\(t(.postWeight))</dt><dd id="post-weight">\(kg(day.previousPostKilograms))</dd>
            <dt>\(t(.preWeight))</dt><dd id="pre-weight">\(kg(day.preKilograms))</dd>
            """
        if let gain = day.gain {
            let percent = gain.percentOfDryWeight
            let percentText = percent.map { " (\(language.number($0, digits: 1)) %)" } ?? ""
            html += "<dt>\(t(.gain))</dt><dd id=\"gain\" data-kilograms=\"\(gain.kilograms)\">"
            html += "\(kg(gain.kilograms))\(percentText)"
            // The line and the judgement are Clinical's (the alert level at 4 % of dry weight).
            if let level = InterdialyticGainThresholds.standard.level(of: gain) {
                let over = level == .alert
                html +=
                    " <strong class=\"\(over ? "over" : "ok")\">\(t(over ? .gainOverLine : .gainUnderLine))</strong>"
            }
            html += "</dd></dl><p class=\"hint\">\(t(.gainLine))</p>"
        } else {
            html += "</dl><p>\(t(.gainMissing))</p>"
        }
        return html + "</section>"
    }
}
