import CareServerStore
import Foundation

/// A stored FHIR resource (JSON text) as a value to embed in an answer; `{}` if it cannot be read back.
func embeddedResource(_ json: String, id: Int64? = nil) -> JSONValue {
    guard case .object(var fields) = try? JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)) else {
        return .object([:])
    }
    if let id { fields["id"] = .string(String(id)) }
    return .object(fields)
}

/// A questionnaire of the library: `{"id", "url", "version", "title", "resource"}` (the FHIR `Questionnaire`).
struct QuestionnaireSummary: Encodable, Sendable {
    var id: Int64
    var url: String
    var version: String
    var title: String
    var resource: JSONValue

    init(_ stored: StoredQuestionnaire) {
        id = stored.id
        url = stored.url
        version = stored.version
        title = stored.title
        resource = embeddedResource(stored.resourceJSON, id: stored.id)
    }
}

/// A questionnaire assigned to a patient.
struct AssignmentResponse: Encodable, Sendable {
    var id: Int64
    var patient_id: Int64
    var assigned_at: String
    var questionnaire: QuestionnaireSummary

    init(_ assignment: QuestionnaireAssignment) {
        id = assignment.id
        patient_id = assignment.patientID
        assigned_at = assignment.assignedAt
        questionnaire = QuestionnaireSummary(assignment.questionnaire)
    }
}

/// A stored answer with its symptom score.
struct StoredResponseBody: Encodable, Sendable {
    var id: Int64
    var questionnaire_id: Int64
    var authored: String
    var score: Int32
    var resource: JSONValue

    init(_ stored: StoredQuestionnaireResponse) {
        id = stored.id
        questionnaire_id = stored.questionnaireID
        authored = stored.authoredAt
        score = stored.score
        resource = embeddedResource(stored.resourceJSON, id: stored.id)
    }
}

/// A patient's symptom scores over time, with the score's definition.
struct SymptomScoreSeries: Encodable, Sendable {
    struct Point: Encodable, Sendable {
        var response_id: Int64
        var questionnaire_id: Int64
        var questionnaire: String
        var authored: String
        var score: Int32
        var maximum_score: Int64
    }

    var patient_id: Int64
    var definition: String
    var points: [Point]
}
