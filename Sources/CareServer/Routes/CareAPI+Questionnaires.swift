import CareServerStore
import Hummingbird

extension CareAPI {
    /// `GET /api/v1/questionnaires`: the clinic-wide library (any signed-in account; no patient data, not audited).
    func listQuestionnaires(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        try AccessPolicy.require(caller, .readQuestionnaireLibrary)
        return try JSONResponse.make(try await store.questionnaires().map(QuestionnaireSummary.init))
    }

    /// `POST /api/v1/patients/<id>/questionnaires` with `{"questionnaire": <library id>}`: a clinician assigns a
    /// questionnaire to a patient of her clinic (201; assigning it again answers 200 with the same assignment).
    func assignQuestionnaire(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        let patientID = try Self.pathID("id", context)
        let clinicID = try await patientClinic(patientID)
        try AccessPolicy.require(caller, .assignQuestionnaire(patientClinicID: clinicID))
        let fields = try await RequestFields.read(request, context: context)
        var errors = FieldErrorCollector()
        KnownFields.check(fields, allowed: ["questionnaire"], into: &errors)
        let questionnaireID = errors.read("questionnaire") { () throws(FieldFailure) in
            try FieldReaders.integer(fields["questionnaire"], in: 1...Int64(Int32.max))
        }
        guard errors.isEmpty, let questionnaireID else { throw APIError.invalid(errors.fields) }
        guard try await store.questionnaire(id: Int64(questionnaireID)) != nil else {
            throw APIError.invalid(["questionnaire": .messages(["No questionnaire \(questionnaireID) in the library."])]
            )
        }
        let (assignment, created) = try await store.assignQuestionnaire(
            Int64(questionnaireID),
            patientID: patientID,
            by: caller.accountID
        ) { id in
            event(caller, "create", "questionnaire_assignment", patient: patientID, id: id, context)
        }
        if !created {
            await audited(caller, read: "questionnaire_assignment", patient: patientID, id: assignment.id, context)
        }
        return try JSONResponse.make(AssignmentResponse(assignment), status: created ? .created : .ok)
    }

    /// `GET /api/v1/patients/<id>/questionnaires`: the questionnaires assigned to the patient (her clinicians, she
    /// herself or her hub's device token, her caregivers).
    func listAssignedQuestionnaires(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let (caller, patientID) = try await questionnaireReader(request, context)
        let assignments = try await store.assignments(patientID: patientID)
        await audited(caller, read: "questionnaire_assignments", patient: patientID, id: nil, context)
        return try JSONResponse.make(assignments.map(AssignmentResponse.init))
    }

    /// `POST /api/v1/patients/<id>/questionnaire-responses`: the patient (or her hub, with its device token) answers
    /// an assigned questionnaire with a FHIR `QuestionnaireResponse`; 201 when stored now, 200 with the stored
    /// answer when its identifier was stored before (a conditional create: a repeated push stores nothing twice).
    func answerQuestionnaire(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await answeringCaller(request)
        let patientID = try Self.pathID("id", context)
        try AccessPolicy.require(caller, .answerQuestionnaire(patientID: patientID))
        let fields = try await RequestFields.read(request, context: context)
        let body = try QuestionnaireResponseBody(
            fields,
            patientID: patientID,
            assignments: try await store.assignments(patientID: patientID)
        )
        let (stored, created) = try await store.addQuestionnaireResponse(patientID: patientID, body.new) { id in
            event(caller, "create", "questionnaire_response", patient: patientID, id: id, context)
        }
        if !created {
            await audited(caller, read: "questionnaire_response", patient: patientID, id: stored.id, context)
        }
        return try JSONResponse.make(StoredResponseBody(stored), status: created ? .created : .ok)
    }

    /// `GET /api/v1/patients/<id>/questionnaire-responses`: the patient's answers with their scores, oldest first.
    func listQuestionnaireResponses(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let (caller, patientID) = try await questionnaireReader(request, context)
        let responses = try await store.questionnaireResponses(patientID: patientID)
        await audited(caller, read: "questionnaire_responses", patient: patientID, id: nil, context)
        return try JSONResponse.make(responses.map(StoredResponseBody.init))
    }

    /// `GET /api/v1/patients/<id>/symptom-scores`: the symptom score of every answer, oldest first, with the
    /// score's definition and each questionnaire's highest possible score.
    func symptomScores(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let (caller, patientID) = try await questionnaireReader(request, context)
        let responses = try await store.questionnaireResponses(patientID: patientID)
        var maxima: [Int64: Int64] = [:]
        for assignment in try await store.assignments(patientID: patientID) {
            maxima[assignment.questionnaire.id] = (try? QuestionnaireDefinition(assignment.questionnaire))?.maximumScore
        }
        await audited(caller, read: "symptom_scores", patient: patientID, id: nil, context)
        return try JSONResponse.make(
            SymptomScoreSeries(
                patient_id: patientID,
                definition: QuestionnaireDefinition.scoreDefinition,
                points: responses.map {
                    SymptomScoreSeries.Point(
                        response_id: $0.id,
                        questionnaire_id: $0.questionnaireID,
                        questionnaire: $0.questionnaireTitle,
                        authored: $0.authoredAt,
                        score: $0.score,
                        maximum_score: maxima[$0.questionnaireID] ?? 0
                    )
                }
            )
        )
    }

    /// The caller and the patient in the path, once the caller may read the patient's questionnaires.
    private func questionnaireReader(_ request: Request, _ context: CareRequestContext) async throws
        -> (Principal, Int64)
    {
        let caller = try await answeringCaller(request)
        let patientID = try Self.pathID("id", context)
        let clinicID = try await patientClinic(patientID)
        try AccessPolicy.require(caller, .readQuestionnaires(patientID: patientID, patientClinicID: clinicID))
        return (caller, patientID)
    }

    /// The patient's clinic, or -1 when there is no such patient (which the access check answers as another
    /// clinic's: 404 for a clinician, and the role's own refusal for anyone else).
    func patientClinic(_ patientID: Int64) async throws -> Int64 {
        guard let account = try await store.account(id: patientID), account.role == .patient else { return -1 }
        return account.clinicID
    }

    /// The caller behind a sign-in token, or behind a hub's device token (`Bearer`, or `Token` as the rest of the
    /// API spells it) as the patient it stands for: the hub pulls assignments and pushes answers with it.
    private func answeringCaller(_ request: Request) async throws -> Principal {
        let scheme = request.headers[.authorization]?.split(separator: " ").first?.lowercased()
        if scheme != "bearer" {
            do {
                return try await authenticator.principal(request)
            } catch APIError.invalidToken {
                // Not a sign-in token: perhaps a device token sent as `Token …`.
            }
        }
        let device = try await authenticator.device(request)
        return Principal(accountID: device.patientID, clinicID: device.clinicID, role: .patient)
    }
}
