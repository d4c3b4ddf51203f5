/// A questionnaire of the clinic-wide library: its row id and its FHIR R4 `Questionnaire` as JSON text.
public struct StoredQuestionnaire: Sendable, Equatable {
    public var id: Int64
    public var url: String
    public var version: String
    public var title: String
    public var resourceJSON: String
}

/// A questionnaire assigned to a patient by a clinician.
public struct QuestionnaireAssignment: Sendable, Equatable {
    public var id: Int64
    public var patientID: Int64
    public var assignedBy: Int64
    /// UTC, ISO 8601 with microseconds.
    public var assignedAt: String
    public var questionnaire: StoredQuestionnaire
}

/// A validated answer to be stored: which assignment, its stable identifier, when the patient answered, its score
/// and the resource as sent.
public struct NewQuestionnaireResponse: Sendable, Equatable {
    public var assignmentID: Int64
    public var identifierSystem: String
    public var identifierValue: String
    /// ISO 8601 with an offset, as the response's `authored`.
    public var authored: String
    public var score: Int32
    public var resourceJSON: String

    public init(
        assignmentID: Int64,
        identifierSystem: String,
        identifierValue: String,
        authored: String,
        score: Int32,
        resourceJSON: String
    ) {
        self.assignmentID = assignmentID
        self.identifierSystem = identifierSystem
        self.identifierValue = identifierValue
        self.authored = authored
        self.score = score
        self.resourceJSON = resourceJSON
    }
}

/// A stored answer with its symptom score.
public struct StoredQuestionnaireResponse: Sendable, Equatable {
    public var id: Int64
    public var patientID: Int64
    public var questionnaireID: Int64
    public var questionnaireTitle: String
    /// UTC, ISO 8601 with microseconds.
    public var authoredAt: String
    public var score: Int32
    public var resourceJSON: String
}
