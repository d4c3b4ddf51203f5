import CareServerStore
import Charts
import Foundation

/// The patient page's questionnaires: a form to assign one of the library (POST with the session's CSRF token),
/// what is assigned, and the answers with the symptom-score trend (a chart with its title, description and data
/// table, as the page's other trends).
enum QuestionnaireSection {
    struct Content {
        var patientID: Int64
        var library: [StoredQuestionnaire]
        var assignments: [QuestionnaireAssignment]
        var responses: [StoredQuestionnaireResponse]
        /// The highest possible score per questionnaire id.
        var maxima: [Int64: Int64]
        var scoreDefinition: String
        /// A sentence to show above the form after an assignment (or a refusal of one).
        var notice: String?
    }

    static func render(_ content: Content, csrf: String) -> String {
        """
        <h2 id="questionnaires">Questionnaires</h2>\(notice(content.notice))\(form(content, csrf: csrf))\
        \(assigned(content.assignments))\(scoreChart(content))\(answers(content))
        """
    }

    private static func notice(_ text: String?) -> String {
        text.map { #"<p class="note" role="status">\#(esc($0))</p>"# } ?? ""
    }

    private static func form(_ content: Content, csrf: String) -> String {
        guard !content.library.isEmpty else { return "<p>The questionnaire library is empty.</p>" }
        let options = content.library.map {
            #"<option value="\#($0.id)">\#(esc($0.title)) (version \#(esc($0.version)))</option>"#
        }
        .joined()
        return """
            <form method="post" action="/portal/patients/\(content.patientID)/questionnaires" class="inline">\
            <input type="hidden" name="csrf" value="\(esc(csrf))">\
            <label for="assign-questionnaire">Assign a questionnaire</label> \
            <select id="assign-questionnaire" name="questionnaire">\(options)</select> \
            <button type="submit">Assign</button></form>
            """
    }

    private static func assigned(_ assignments: [QuestionnaireAssignment]) -> String {
        guard !assignments.isEmpty else { return "<p>No questionnaire assigned.</p>" }
        let items = assignments.map {
            "<li>\(esc($0.questionnaire.title)), assigned \(esc(minute($0.assignedAt)))</li>"
        }.joined()
        return #"<ul class="assigned">\#(items)</ul>"#
    }

    /// The symptom-score trend as the page's chart figure.
    static func scoreChart(_ content: Content) -> String {
        let points = content.responses.compactMap { response in
            date(response.authoredAt).map { ChartPoint(x: $0.timeIntervalSince1970 * 1000, y: Double(response.score)) }
        }
        let highest = content.maxima.values.max()
        return PatientPage.figure(
            // Its own id: the page also charts the symptom lists' score (`PatientCareSections`, `symptom-score`).
            id: "questionnaire-score",
            spec: ChartSpec(
                title: "Questionnaire symptom score",
                yUnit: "points",
                series: [ChartSeries(label: "Symptom score", points: points, color: .purple)],
                yIncludesZero: true
            ),
            title: "Questionnaire symptom score",
            description: "\(points.count) answered questionnaires\(highest.map { ", scores 0 to \($0)" } ?? ""). "
                + content.scoreDefinition,
            columns: ["Answered", "Questionnaire", "Score"],
            rows: content.responses.map {
                [minute($0.authoredAt), $0.questionnaireTitle, score($0, content.maxima)]
            }
        )
    }

    private static func answers(_ content: Content) -> String {
        guard !content.responses.isEmpty else { return "<p>No questionnaire answered yet.</p>" }
        let lines = content.responses.reversed().map {
            """
            <tr><td class="time">\(esc(minute($0.authoredAt)))</td><td>\(esc($0.questionnaireTitle))</td>\
            <td>\(esc(score($0, content.maxima)))</td></tr>
            """
        }.joined()
        return """
            <div class="table-wrap" tabindex="0" role="region" aria-label="Answered questionnaires">\
            <table id="questionnaire-responses"><caption>Answered questionnaires, newest first</caption>\
            <thead><tr><th scope="col">Answered</th><th scope="col">Questionnaire</th>\
            <th scope="col">Symptom score</th></tr></thead><tbody>\(lines)</tbody></table></div>
            """
    }

    private static func score(_ response: StoredQuestionnaireResponse, _ maxima: [Int64: Int64]) -> String {
        maxima[response.questionnaireID].map { "\(response.score) of \($0)" } ?? String(response.score)
    }

    /// `2026-11-27T04:22:51.902618Z` as `2026-11-27 04:22 UTC`.
    private static func minute(_ stamp: String) -> String {
        guard stamp.count >= 16, stamp.hasSuffix("Z") else { return stamp }
        return stamp.prefix(16).replacingOccurrences(of: "T", with: " ") + " UTC"
    }

    /// The instant of such a stamp (to the second: the chart needs no more).
    private static func date(_ stamp: String) -> Date? {
        guard stamp.count >= 19 else { return nil }
        return ISO8601DateFormatter().date(from: stamp.prefix(19) + "Z")
    }
}
