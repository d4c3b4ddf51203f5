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
        let offered = Dictionary(templates.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let goals = overview.goals.goals
        let rows = goals.enumerated().map { index, standing -> String in
            let goal = standing.goal
            let title = Self.title(goal, templates: offered, language: layout.language)
            let status: (String, String) =
                switch standing.progress.met {
                case true?: ("met", t(.goalMet))
                case false?: ("open", t(.goalNotYet))
                case nil: ("none", t(.goalNoData))
                }
            let share = standing.progress.fraction.map { "\(language.number(min($0, 1) * 100)) %" } ?? "–"
            return """
                <tr data-goal="\(goal.id)"><th scope="row">\(esc(title))</th><td>\(esc(standing.window))</td>\
                <td class="num">\(share)</td><td class="goal \(status.0)" data-status="\(status.0)">\(status.1)</td>\
                <td class="actions">\(actions(goal, title: title, index: index))</td></tr>
                """
        }.joined()
        let goalsTable =
            rows.isEmpty
            ? "<p>\(t(.noGoals))</p>"
            : """
            <div class="table-wrap"><table id="goals" class="cards" aria-labelledby="goals-heading"><thead><tr>\
            <th scope="col">\(t(.goal))</th><th scope="col">\(t(.period))</th><th scope="col">\(t(.progress))</th>\
            <th scope="col">\(t(.status))</th><th scope="col">\(t(.goalActions))</th></tr></thead>\
            <tbody>\(rows)</tbody></table></div>
            """
        let addForm =
            templates.isEmpty
            ? "<p>\(t(.noTemplates))</p>"
            : """
            <form method="post" action="/goals" class="stack" id="goal-form">\(csrfField(session))
            \(Controls.select("template", label: t(.goalTemplate), options: templates.map { ($0.id, layout.language.goalTemplateTitle($0)) }))
            <button type="submit">\(t(.addGoal))</button>
            </form>
            """
        let rewards = overview.rewards.rewards.map { reward in
            """
            <li data-badge="\(esc(reward.badge))"><strong>\(esc(language.badge(reward)))</strong> · \
            \(esc(reward.periodKey)) · \
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

    /// A goal's title: its template's while the goal still asks what the template asks (an edited target no longer
    /// does), else its kind's summary.
    static func title(_ goal: Goal, templates: [String: GoalTemplate], language: Language) -> String {
        guard let template = goal.templateId.flatMap({ templates[$0] }), template.kind == goal.kind else {
            return language.goalSummary(goal.kind)
        }
        return language.goalTemplateTitle(template)
    }

    /// Edit, move up (all but the first) and remove, each labelled with the goal's title for screen readers.
    private func actions(_ goal: Goal, title: String, index: Int) -> String {
        let language = layout.language
        let moveUp =
            index == 0
            ? ""
            : """
            <form method="post" action="/goals/\(goal.id)/priority" class="inline">\(csrfField(session))\
            <input type="hidden" name="priority" value="\(index)">\
            <button type="submit" aria-label="\(esc(language.text(.moveGoalUpLabel, title)))">\
            \(language.text(.moveGoalUp))</button></form>
            """
        return """
            <a href="/goals/\(goal.id)/edit" aria-label="\(esc(language.text(.editGoalLabel, title)))">\
            \(language.text(.editGoal))</a>\(moveUp)\
            <form method="post" action="/goals/\(goal.id)/remove" class="inline">\(csrfField(session))\
            <button type="submit" aria-label="\(esc(language.text(.removeGoalLabel, title)))">\
            \(language.text(.removeGoal))</button></form>
            """
    }
}
