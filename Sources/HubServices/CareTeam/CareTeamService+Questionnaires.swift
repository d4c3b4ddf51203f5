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
    /// token) and keeps them in place of those pulled before; the number pulled.
    @discardableResult
    func pullQuestionnaires(_ run: inout PushRun) async throws(CareTeamError) -> Int {
        let link = run.link
        let patient = try Self.patientNumber(link)
        let url = "\(link.serverURL)/api/v1/patients/\(patient)/questionnaires"
        let answer: CareTeamHTTP.Answer
        do {
            answer = try await run.http.get(url, token: link.deviceToken, timeout: run.options.requestTimeout)
        } catch {
            throw .unreachable(String(describing: error))
        }
        guard answer.status == 200 else { throw .refused(status: answer.status, detail: answer.detail) }
        guard let assignments = try? JSONSerialization.jsonObject(with: answer.body) as? [[String: Any]] else {
            throw .unreachable("the server's questionnaires are not a JSON list")
        }
        let nowMs = app.now()
        let pulled = assignments.compactMap { assignment -> CareTeamQuestionnaire? in
            guard let id = QuestionnaireForm.integer(assignment["id"]),
                let questionnaire = assignment["questionnaire"] as? [String: Any],
                let url = questionnaire["url"] as? String, let version = questionnaire["version"] as? String,
                let title = questionnaire["title"] as? String, let resource = questionnaire["resource"],
                let data = try? JSONSerialization.data(withJSONObject: resource, options: [.sortedKeys])
            else { return nil }
            return CareTeamQuestionnaire(
                assignmentId: id,
                url: url,
                version: version,
                title: title,
                resourceJSON: String(decoding: data, as: UTF8.self),
                pulledAtMs: nowMs
            )
        }
        let profileId = run.stored.id
        try await storeCall { try await app.store.replaceCareTeamQuestionnaires(profileId: profileId, pulled) }
        return pulled.count
    }

    /// Pushes the answers after the questionnaire cursor, one `QuestionnaireResponse` at a time
    /// (`POST /api/v1/patients/<id>/questionnaire-responses`, a conditional create on its identifier: 201 stored
    /// now, 200 held already), with the run's retries; the cursor moves after each 2xx.
    func pushQuestionnaireAnswers(_ run: inout PushRun) async throws(CareTeamError) {
        let link = run.link
        let profileId = run.stored.id
        let patient = try Self.patientNumber(link)
        let url = "\(link.serverURL)/api/v1/patients/\(patient)/questionnaire-responses"
        let cursor = try await storeCall { try await app.store.questionnaireCursor(profileId: profileId) }
        let pending = try await storeCall {
            try await app.store.questionnaireAnswers(profileId: profileId, afterId: cursor)
        }
        for answer in pending {
            guard run.mayPush else { return }
            let status = try await post(answer, to: url, &run)
            run.report.sent += 1
            run.report.sentByKind["questionnaire-response", default: 0] += 1
            if status == 201 { run.report.created += 1 } else { run.report.alreadyStored += 1 }
            run.acknowledged += 1
            let nowMs = app.now()
            try await storeCall {
                try await app.store.advanceQuestionnaireCursor(profileId: profileId, to: answer.id, atMs: nowMs)
            }
        }
    }

    /// One answer, retried with doubling waits; its 2xx status. A 4xx other than 408 and 429 is final.
    private func post(_ answer: StoredQuestionnaireAnswer, to url: String, _ run: inout PushRun)
        async throws(CareTeamError) -> Int
    {
        let options = run.options
        var wait = options.initialBackoff
        var lastReason = ""
        for attempt in 1...options.attempts {
            if attempt > 1 {
                try? await Task.sleep(for: wait)
                wait *= 2
            }
            let reply: CareTeamHTTP.Answer
            do {
                reply = try await run.http.post(
                    url,
                    body: Data(answer.resourceJSON.utf8),
                    contentType: "application/fhir+json",
                    token: run.link.deviceToken,
                    timeout: options.requestTimeout
                )
            } catch {
                lastReason = "no answer: \(error)"
                continue
            }
            if reply.status == 200 || reply.status == 201 {
                run.report.retries += attempt - 1
                return reply.status
            }
            lastReason = "HTTP \(reply.status): \(reply.detail)"
            if (400..<500).contains(reply.status) && reply.status != 408 && reply.status != 429 {
                try? await app.store.recordCareTeamFailure(profileId: run.stored.id, reason: lastReason)
                throw .refused(status: reply.status, detail: reply.detail)
            }
        }
        try? await app.store.recordCareTeamFailure(profileId: run.stored.id, reason: lastReason)
        throw .pushFailed(reason: lastReason, acknowledgedThisRun: run.acknowledged, attempts: options.attempts)
    }
}
