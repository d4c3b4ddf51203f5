/// A questionnaire the care team assigned to a profile's patient, as pulled from the care-team server: the server's
/// assignment id, the questionnaire's canonical URL and version, and the FHIR R4 `Questionnaire` as JSON text.
public struct CareTeamQuestionnaire: Sendable, Equatable {
    /// The server's assignment id (unique per server and patient).
    public var assignmentId: Int64
    public var url: String
    public var version: String
    public var title: String
    public var resourceJSON: String
    /// When the hub last pulled it.
    public var pulledAtMs: Int64

    public init(
        assignmentId: Int64,
        url: String,
        version: String,
        title: String,
        resourceJSON: String,
        pulledAtMs: Int64
    ) {
        self.assignmentId = assignmentId
        self.url = url
        self.version = version
        self.title = title
        self.resourceJSON = resourceJSON
        self.pulledAtMs = pulledAtMs
    }
}

/// The patient's answers to an assigned questionnaire, as stored on the hub until the server acknowledges them: a
/// FHIR R4 `QuestionnaireResponse` with a stable identifier (a UUID made when she answered), so that pushing it
/// again stores nothing twice.
public struct StoredQuestionnaireAnswer: Sendable, Equatable {
    /// The row id: the order answers are pushed in (the cursor moves over it).
    public var id: Int64
    public var profileId: Int64
    public var assignmentId: Int64
    /// The identifier's value (its system is `urn:kidneyhub:questionnaire-response`).
    public var identifier: String
    public var authoredAtMs: Int64
    /// The symptom score the hub computed (the sum of the integer answers).
    public var score: Int64
    public var resourceJSON: String

    public init(
        id: Int64,
        profileId: Int64,
        assignmentId: Int64,
        identifier: String,
        authoredAtMs: Int64,
        score: Int64,
        resourceJSON: String
    ) {
        self.id = id
        self.profileId = profileId
        self.assignmentId = assignmentId
        self.identifier = identifier
        self.authoredAtMs = authoredAtMs
        self.score = score
        self.resourceJSON = resourceJSON
    }
}
