import Foundation
import HubRecords
import HubStore

extension CareTeamService {
    /// The server's id of the linked patient (`Patient/<id>`).
    private static func patientNumber(_ link: CareTeamLink) throws(CareTeamError) -> String {
        let number = link.patientReference.dropFirst("Patient/".count)
        guard link.patientReference.hasPrefix("Patient/"), !number.isEmpty, number.allSatisfy(\.isNumber) else {
            throw .unreachable("the link names no server patient id (\(link.patientReference))")
        }
        return String(number)
    }

    /// Pulls the questionnaires the care team assigned (`GET /api/v1/patients/<id>/questionnaires` with the device
    /// token, retried as every request of a sync: `exchange`) and keeps them in place of those pulled before. An
    /// assignment the hub cannot read refuses the whole pull (nothing replaced), naming it, as an order does.
    func pullQuestionnaires(_ run: inout PushRun) async throws(CareTeamError) {
        let link = run.link
        let url = "\(link.serverURL)/api/v1/patients/\(try Self.patientNumber(link))/questionnaires"
        let timeout = run.options.requestTimeout
        let answer = try await exchange(.pull("questionnaires"), &run) { http in
            try await http.get(url, token: link.deviceToken, timeout: timeout)
        } read: { answer throws(UnusableAnswer) in
            guard answer.status == 200 else { throw UnusableAnswer("instead of 200") }
            return answer
        }
        let pulled = try Self.readAssignments(answer, pulledAtMs: app.now())
        let profileId = run.stored.id
        try await storeCall { try await app.store.replaceCareTeamQuestionnaires(profileId: profileId, pulled) }
        run.report.questionnaires = pulled.count
    }

    /// The assignments of a questionnaire pull's answer.
    static func readAssignments(_ answer: CareTeamHTTP.Answer, pulledAtMs: Int64) throws(CareTeamError)
        -> [CareTeamQuestionnaire]
    {
        guard let assignments = try? JSONSerialization.jsonObject(with: answer.body) as? [[String: Any]] else {
            throw .unreachable("the server answered the questionnaire pull without a JSON list")
        }
        var pulled: [CareTeamQuestionnaire] = []
        for (index, assignment) in assignments.enumerated() {
            guard let id = QuestionnaireForm.integer(assignment["id"]),
                let questionnaire = assignment["questionnaire"] as? [String: Any],
                let url = questionnaire["url"] as? String, let version = questionnaire["version"] as? String,
                let title = questionnaire["title"] as? String, let resource = questionnaire["resource"],
                let data = try? JSONSerialization.data(withJSONObject: resource, options: [.sortedKeys])
            else {
                throw .refused(
                    status: 200,
                    detail: "[\(index)]: an assignment the hub cannot read (id, questionnaire url, version, title or "
                        + "resource missing)"
                )
            }
            pulled.append(
                CareTeamQuestionnaire(
                    assignmentId: id,
                    url: url,
                    version: version,
                    title: title,
                    resourceJSON: String(decoding: data, as: UTF8.self),
                    pulledAtMs: pulledAtMs
                )
            )
        }
        return pulled
    }

    /// Pushes the answers after the questionnaire cursor, one `QuestionnaireResponse` at a time
    /// (`POST /api/v1/patients/<id>/questionnaire-responses`, a conditional create on its identifier: 201 stored
    /// now, 200 held already), retried as every request of a sync (`exchange`); the cursor moves after each 2xx.
    func pushQuestionnaireAnswers(_ run: inout PushRun) async throws(CareTeamError) {
        let link = run.link
        let profileId = run.stored.id
        let patient = try Self.patientNumber(link)
        let url = "\(link.serverURL)/api/v1/patients/\(patient)/questionnaire-responses"
        let cursor = try await storeCall { try await app.store.questionnaireCursor(profileId: profileId) }
        let pending = try await storeCall {
            try await app.store.questionnaireAnswers(profileId: profileId, afterId: cursor)
        }
        let token = link.deviceToken
        let timeout = run.options.requestTimeout
        for answer in pending {
            guard run.mayPush else { return }
            let body = Data(answer.resourceJSON.utf8)
            let reply = try await exchange(.push("questionnaire answers"), &run) { http in
                try await http.post(
                    url,
                    body: body,
                    contentType: "application/fhir+json",
                    token: token,
                    timeout: timeout
                )
            } read: { answer throws(UnusableAnswer) in
                guard [200, 201].contains(answer.status) else { throw UnusableAnswer("instead of 200 or 201") }
                return answer
            }
            run.report.sent += 1
            run.report.sentByKind["questionnaire-response", default: 0] += 1
            if reply.status == 201 { run.report.created += 1 } else { run.report.alreadyStored += 1 }
            run.acknowledged += 1
            let nowMs = app.now()
            try await storeCall {
                try await app.store.advanceQuestionnaireCursor(profileId: profileId, to: answer.id, atMs: nowMs)
            }
        }
    }
}
