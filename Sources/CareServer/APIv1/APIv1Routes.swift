import Hummingbird
import NIOCore

/// The richer API under `/api/v1`, described by the OpenAPI 3.1 document it serves at `/api/v1/openapi.json`; every
/// refusal is RFC 9457 problem details. The handlers are the document's API's own (one access check, one validation).
enum APIv1Routes {
    static func register(_ api: CareAPI, on router: Router<CareRequestContext>) {
        let v1 = router.group("api/v1").add(middleware: ProblemDetailsMiddleware<CareRequestContext>())
        v1.get("openapi.json") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: OpenAPIDocument.text))
            )
        }
        v1.post("symptom-lists") { request, context in try await api.addSymptomList(request, context) }
        v1.get("symptom-lists") { request, context in try await api.listOwnSymptomLists(request, context) }
        v1.get("symptom-lists/:id") { request, context in try await api.readSymptomList(request, context) }
        v1.post("patients/:id/enrollment-codes") { request, context in
            try await api.createEnrollmentCode(request, context)
        }
        v1.post("enrollments") { request, context in try await api.enroll(request, context) }
        v1.post("sync") { request, context in try await api.sync(request, context) }
        v1.get("sync/orders") { request, context in try await api.pullOrders(request, context) }
        v1.post("patients/:id/orders") { request, context in try await api.writeOrder(request, context) }
        v1.get("patients/:id/orders") { request, context in try await api.listOrders(request, context) }
        v1.post("patients/:id/orders/:order/stop") { request, context in try await api.stopOrder(request, context) }
        // Questionnaires (issue 20 item 6)
        v1.get("questionnaires") { request, context in try await api.listQuestionnaires(request, context) }
        v1.post("patients/:id/questionnaires") { request, context in try await api.assignQuestionnaire(request, context)
        }
        v1.get("patients/:id/questionnaires") { request, context in
            try await api.listAssignedQuestionnaires(request, context)
        }
        v1.post("patients/:id/questionnaire-responses") { request, context in
            try await api.answerQuestionnaire(request, context)
        }
        v1.get("patients/:id/questionnaire-responses") { request, context in
            try await api.listQuestionnaireResponses(request, context)
        }
        v1.get("patients/:id/symptom-scores") { request, context in try await api.symptomScores(request, context) }
    }
}
