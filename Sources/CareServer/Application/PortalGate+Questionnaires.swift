import CareServerStore
import HTTPTypes

extension PortalGate {
    /// What assigning from the portal came to.
    package enum Assignment: Sendable, Equatable {
        case assigned(created: Bool)
        /// The access check refused (403 or 404).
        case refused(HTTPResponse.Status)
        /// No such questionnaire in the library.
        case unknownQuestionnaire
    }

    /// A clinician assigns questionnaire `questionnaireID` to a patient from the portal: the same access check,
    /// store write and audit event as `POST /api/v1/patients/<id>/questionnaires`.
    package func assignQuestionnaire(
        _ caller: Principal,
        questionnaireID: Int64,
        patientID: Int64,
        address: String
    ) async throws -> Assignment {
        let clinic = try await api.patientClinic(patientID)
        if let refusal = AccessPolicy.refusal(caller, .assignQuestionnaire(patientClinicID: clinic)) {
            return .refused(refusal.status)
        }
        guard try await api.store.questionnaire(id: questionnaireID) != nil else { return .unknownQuestionnaire }
        let (_, created) = try await api.store.assignQuestionnaire(
            questionnaireID,
            patientID: patientID,
            by: caller.accountID
        ) { id in
            AuditEvent(
                clinicID: caller.clinicID,
                actorID: caller.accountID,
                actorRole: caller.role,
                action: "create",
                resource: "questionnaire_assignment",
                patientID: patientID,
                resourceID: id,
                address: address
            )
        }
        return .assigned(created: created)
    }

    /// The highest possible symptom score of a questionnaire (the sum of its integer items' maxima), or nil.
    package func maximumScore(of questionnaire: StoredQuestionnaire) -> Int64? {
        (try? QuestionnaireDefinition(questionnaire))?.maximumScore
    }

    /// The symptom score's definition, as the API states it.
    package var scoreDefinition: String { QuestionnaireDefinition.scoreDefinition }
}
