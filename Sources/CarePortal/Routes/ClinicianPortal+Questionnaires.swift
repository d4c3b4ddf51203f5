import CareServer
import CareServerStore
import Hummingbird

extension ClinicianPortal {
    /// The notices after an assignment, by the `questionnaire` query value the redirect carries.
    static let assignmentNotices = [
        "assigned": "The questionnaire is assigned; the patient's hub fetches it at its next sync.",
        "already": "This questionnaire was already assigned to the patient.",
        "unknown": "There is no such questionnaire in the library.",
    ]

    /// `POST /portal/patients/<id>/questionnaires` (form: `csrf`, `questionnaire`).
    static func registerQuestionnaires(_ portal: ClinicianPortal, on group: RouterGroup<CareRequestContext>) {
        group.post("patients/:id/questionnaires") { request, context in
            try await portal.assignQuestionnaire(request, context)
        }
    }

    /// A clinician assigns a questionnaire from the patient page: CSRF checked, then the API's own access check,
    /// write and audit; back to the page with a notice (303).
    private func assignQuestionnaire(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let (caller, csrf, form) = try await signedInForm(request)
        guard let patientID = context.parameters.get("id", as: Int64.self) else {
            return Self.html(
                MessagePage.render(title: "Not found", message: "There is no such patient in your clinic.", csrf: csrf),
                status: .notFound
            )
        }
        let outcome: PortalGate.Assignment
        if let questionnaireID = Int64(form["questionnaire"]) {
            outcome = try await gate.assignQuestionnaire(
                caller,
                questionnaireID: questionnaireID,
                patientID: patientID,
                address: context.clientAddress
            )
        } else {
            outcome = .unknownQuestionnaire
        }
        let notice: String
        switch outcome {
        case .assigned(let created): notice = created ? "assigned" : "already"
        case .unknownQuestionnaire: notice = "unknown"
        case .refused(let status):
            return Self.html(
                status == .notFound
                    ? MessagePage.render(
                        title: "Not found",
                        message: "There is no such patient in your clinic.",
                        csrf: csrf
                    )
                    : MessagePage.render(
                        title: "Not allowed",
                        message: "You may not assign questionnaires.",
                        csrf: csrf
                    ),
                status: status
            )
        }
        return Self.redirect("/portal/patients/\(patientID)?questionnaire=\(notice)#questionnaires")
    }

    /// The patient page's questionnaire section (the caller may read the patient: checked by the page), audited.
    func questionnaireSection(
        _ request: Request,
        patientID: Int64,
        _ caller: Principal,
        _ context: CareRequestContext
    ) async throws -> QuestionnaireSection.Content {
        let store = gate.store
        let library = try await store.questionnaires()
        let assignments = try await store.assignments(patientID: patientID)
        let responses = try await store.questionnaireResponses(patientID: patientID)
        for resource in ["questionnaire_assignments", "questionnaire_responses"] {
            await gate.auditRead(caller, resource: resource, patientID: patientID, address: context.clientAddress)
        }
        var maxima: [Int64: Int64] = [:]
        for questionnaire in library { maxima[questionnaire.id] = gate.maximumScore(of: questionnaire) }
        return QuestionnaireSection.Content(
            patientID: patientID,
            library: library,
            assignments: assignments,
            responses: responses,
            maxima: maxima,
            scoreDefinition: gate.scoreDefinition,
            notice: request.uri.queryParameters.get("questionnaire").flatMap { Self.assignmentNotices[$0] }
        )
    }
}
