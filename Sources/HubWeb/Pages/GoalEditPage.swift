import Care
import Foundation
import HubCore
import HubServices

/// One goal's edit form: the numbers of its target and its period. Blank numbers keep the goal's own values.
struct GoalEditPage {
    var layout: Layout
    var session: WebSession
    var goal: Goal
    /// The goal's title as the goals page shows it.
    var title: String
    /// The numbers as sent, shown again after a refusal (by field name).
    var sent: [String: String] = [:]
    var errors: [String] = []

    func render() -> String {
        let language = layout.language
        let t = language.text
        let numbers = GoalEditField.fields(of: goal.kind).map { field -> String in
            let unit = field.unit.isEmpty ? "" : " (\(UnitDisplayName.text(field.unit)))"
            let value = sent[field.name] ?? field.value.map(Self.plain) ?? ""
            return Controls.input(
                field.name,
                label: t(field.label) + unit,
                value: value,
                hint: t(.goalKeepHint),
                extra: #"inputmode="decimal" autocomplete="off""#
            )
        }.joined()
        var periods: [(String, String)] = [("day", t(.goalPeriodDay)), ("week", t(.goalPeriodWeek))]
        periods.append(("month", t(.goalPeriodMonth)))
        if case .until = goal.period { periods.append((goal.period.description, goal.period.description)) }
        return layout.page(
            title: t(.editGoalTitle),
            path: "/goals",
            errors: errors,
            body: """
                <h2>\(esc(title))</h2>
                <form method="post" action="/goals/\(goal.id)/edit" class="stack" id="goal-edit-form">\
                \(csrfField(session))\(numbers)\
                \(Controls.select("period", label: t(.period), options: periods, selected: goal.period.description))
                <button type="submit">\(t(.saveGoal))</button>
                </form>
                <p><a href="/goals">\(t(.backToGoals))</a></p>
                """
        )
    }

    /// `value` as the form reads it back (`Double(_:)`): no grouping, a point, at most two decimals.
    static func plain(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
