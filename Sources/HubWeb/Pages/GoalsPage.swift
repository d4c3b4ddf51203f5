import Care
import Foundation
import HubRecords
import HubServices

/// Goals and rewards: each goal's progress in its current period, adding one from the templates, the badges earned.
struct GoalsPage {
    var layout: Layout
    var session: WebSession
    var overview: GoalsService.Overview
    var notice: String? = nil
    var errors: [String] = []

    func render() -> String {
        let language = layout.language
        let t = language.text
        let templates = overview.offer?.templates ?? []
        let titles = Dictionary(templates.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        let rows = overview.goals.goals.map { standing -> String in
            let goal = standing.goal
            let title = goal.templateId.flatMap { titles[$0] } ?? goal.kind.summary
            let status: (String, String) =
                switch standing.progress.met {
                case true?: ("met", t(.goalMet))
                case false?: ("open", t(.goalNotYet))
                case nil: ("none", t(.goalNoData))
                }
            let share = standing.progress.fraction.map { "\(language.number(min($0, 1) * 100)) %" } ?? "–"
            return """
                <tr data-goal="\(goal.id)"><th scope="row">\(esc(title))</th><td>\(esc(standing.window))</td>\
                <td class="num">\(share)</td><td class="goal \(status.0)" data-status="\(status.0)">\(status.1)</td></tr>
                """
        }.joined()
        let goalsTable =
            rows.isEmpty
            ? "<p>\(t(.noGoals))</p>"
            : """
            <div class="table-wrap"><table id="goals" class="cards" aria-labelledby="goals-heading"><thead><tr>\
            <th scope="col">\(t(.goal))</th><th scope="col">\(t(.period))</th><th scope="col">\(t(.progress))</th>\
            <th scope="col">\(t(.status))</th></tr></thead><tbody>\(rows)</tbody></table></div>
            """
        let addForm =
            templates.isEmpty
            ? "<p>\(t(.noTemplates))</p>"
            : """
            <form method="post" action="/goals" class="stack" id="goal-form">\(csrfField(session))
            \(Controls.select("template", label: t(.goalTemplate), options: templates.map { ($0.id, $0.title) }))
            <button type="submit">\(t(.addGoal))</button>
            </form>
            """
        let rewards = overview.rewards.rewards.map { reward in
            """
            <li data-badge="\(esc(reward.badge))"><strong>\(esc(reward.badge))</strong> · \(esc(reward.periodKey)) · \
            \(language.text(.pointsCount, language.number(Double(reward.points))))</li>
            """
        }.joined()
        return layout.page(
            title: t(.goalsTitle),
            path: "/goals",
            notice: notice,
            errors: errors,
            body: """
                <h2 id="goals-heading">\(t(.yourGoals))</h2>
                \(goalsTable)
                <h2>\(t(.addGoal))</h2>
                \(addForm)
                <h2>\(t(.badges))</h2>
                <p id="points">\(language.text(.pointsTotal, language.number(Double(overview.rewards.totalPoints))))</p>
                \(rewards.isEmpty ? "<p>\(t(.noBadges))</p>" : "<ul id=\"badges\">\(rewards)</ul>")
                """
        )
    }
}
