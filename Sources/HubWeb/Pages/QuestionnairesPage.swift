import HubRecords
import HubServices

/// The questionnaires the care team assigned, each as a form of its questions (labelled native controls, so it is
/// answered with the keyboard alone), with how often it was answered and the last symptom score.
struct QuestionnairesPage {
    var layout: Layout
    var session: WebSession
    var assigned: [QuestionnaireService.Assigned]
    var notice: String? = nil
    var errors: [String] = []
    /// What was typed into the form that was refused, by linkId, to show again.
    var typed: [String: String] = [:]

    func render() -> String {
        let t = layout.language.text
        let body =
            assigned.isEmpty
            ? "<p>\(t(.noQuestionnaires))</p>"
            : assigned.map { section($0) }.joined(separator: "\n")
        return layout.page(
            title: t(.questionnairesTitle),
            path: "/questionnaires",
            notice: notice,
            errors: errors,
            body: "<p>\(t(.questionnairesIntro))</p>\n\(body)"
        )
    }

    private func section(_ entry: QuestionnaireService.Assigned) -> String {
        let language = layout.language
        let form = entry.form
        let headingId = "questionnaire-\(form.assignmentId)"
        let status =
            entry.answers.last.map {
                entry.answers.count == 1
                    ? language.text(.answeredOnce, String($0.score))
                    : language.text(.answeredTimes, language.number(Double(entry.answers.count)), String($0.score))
            } ?? language.text(.notAnsweredYet)
        let fields = form.items.map { field($0, form.assignmentId) }.joined(separator: "\n")
        return """
            <section aria-labelledby="\(headingId)"><h2 id="\(headingId)">\(esc(form.title))</h2>
            <p>\(esc(form.description))</p><p class="status">\(esc(status))</p>
            <form method="post" action="/questionnaires/\(form.assignmentId)" class="stack">\(csrfField(session))
            \(fields)
            <button type="submit">\(language.text(.saveAnswers))</button>
            </form></section>
            """
    }

    private func field(_ item: QuestionnaireForm.Item, _ assignmentId: Int64) -> String {
        let language = layout.language
        let id = "q\(assignmentId)-\(item.linkId)"
        let name = "answer-\(item.linkId)"
        let optional = item.required ? "" : " (\(language.text(.optionalAnswer)))"
        let label = "<label for=\"\(esc(id))\">\(esc(item.text))\(esc(optional))</label>"
        let value = esc(typed[item.linkId] ?? "")
        let required = item.required ? " required" : ""
        switch item.kind {
        case .integer:
            let hint = item.range.map { language.text(.scaleHint, String($0.lowerBound), String($0.upperBound)) }
            let limits = item.range.map { " min=\"\($0.lowerBound)\" max=\"\($0.upperBound)\"" } ?? ""
            let hintHTML = hint.map { "<span class=\"hint\" id=\"\(esc(id))-hint\">\(esc($0))</span>" } ?? ""
            let described = hint == nil ? "" : " aria-describedby=\"\(esc(id))-hint\""
            return """
                <div class="field">\(label)\(hintHTML)<input id="\(esc(id))" name="\(esc(name))" type="number" \
                inputmode="numeric" step="1"\(limits) value="\(value)"\(described)\(required)></div>
                """
        case .string:
            let limit = item.maxLength.map { " maxlength=\"\($0)\"" } ?? ""
            return """
                <div class="field">\(label)<textarea id="\(esc(id))" name="\(esc(name))" rows="3"\(limit)\(required)>\
                \(value)</textarea></div>
                """
        case .boolean:
            let options = [("", ""), ("yes", language.text(.yesAnswer)), ("no", language.text(.noAnswer))]
                .map {
                    "<option value=\"\($0.0)\"\(typed[item.linkId] == $0.0 ? " selected" : "")>\(esc($0.1))</option>"
                }
                .joined()
            return """
                <div class="field">\(label)<select id="\(esc(id))" name="\(esc(name))"\(required)>\(options)</select></div>
                """
        }
    }
}
