import Foundation
import HubRecords
import HubStore

/// The questionnaires the care team assigned (pulled by `careTeam.sync`), and the patient's answers to them, kept as
/// FHIR R4 `QuestionnaireResponse`s with a stable identifier until the sync pushes them (issue 20 items 6 and 7).
/// The web app's Questionnaires page and `kidneyhub questionnaire list|answer` call these.
public struct QuestionnaireService: Sendable {
    let app: HubApplication

    /// The identifier system of the hub's answers.
    public static let identifierSystem = "urn:kidneyhub:questionnaire-response"

    /// An assigned questionnaire with the patient's answers so far.
    public struct Assigned: Sendable, Equatable {
        public var form: QuestionnaireForm
        /// The answers given, oldest first.
        public var answers: [StoredQuestionnaireAnswer]
    }

    /// The profile's assigned questionnaires (as of the last sync), each with its answers.
    public func list(profile: String? = nil) async throws(QuestionnaireError) -> [Assigned] {
        let stored = try await selectProfile(profile)
        let pulled = try await call { try await app.store.careTeamQuestionnaires(profileId: stored.id) }
        let answers = try await call { try await app.store.questionnaireAnswers(profileId: stored.id) }
        return pulled.compactMap { questionnaire in
            QuestionnaireForm(questionnaire).map { form in
                Assigned(form: form, answers: answers.filter { $0.assignmentId == questionnaire.assignmentId })
            }
        }
    }

    /// Records the patient's answers to assignment `assignmentId` (text by linkId, as typed; blank is no answer),
    /// validated as the server validates them; the stored answer, pushed at the next sync.
    public func answer(assignmentId: Int64, _ answers: [String: String], profile: String? = nil)
        async throws(QuestionnaireError) -> StoredQuestionnaireAnswer
    {
        let stored = try await selectProfile(profile)
        let pulled = try await call { try await app.store.careTeamQuestionnaires(profileId: stored.id) }
        guard let questionnaire = pulled.first(where: { $0.assignmentId == assignmentId }) else {
            throw .unknownAssignment(assignmentId, known: pulled.map(\.assignmentId))
        }
        guard let form = QuestionnaireForm(questionnaire) else { throw .unreadable(title: questionnaire.title) }
        let validated: (values: [(linkId: String, value: Any)], score: Int64)
        do { validated = try form.validate(answers) } catch { throw .answer(error) }
        let link = try await call { try await app.store.careTeamLink(profileId: stored.id) }
        let nowMs = app.now()
        let identifier = UUID().uuidString.lowercased()
        let resource = Self.response(
            form,
            validated.values,
            identifier: identifier,
            authoredMs: nowMs,
            patientReference: link?.patientReference
        )
        return try await call {
            try await app.store.addQuestionnaireAnswer(
                profileId: stored.id,
                assignmentId: assignmentId,
                identifier: identifier,
                authoredAtMs: nowMs,
                score: validated.score,
                resourceJSON: resource
            )
        }
    }

    /// The `QuestionnaireResponse` as JSON text (keys sorted, so the same answer is always the same text).
    static func response(
        _ form: QuestionnaireForm,
        _ values: [(linkId: String, value: Any)],
        identifier: String,
        authoredMs: Int64,
        patientReference: String?
    ) -> String {
        let member = { (value: Any) -> String in
            switch value {
            case is Bool: "valueBoolean"
            case is Int64: "valueInteger"
            default: "valueString"
            }
        }
        let authored = Date(timeIntervalSince1970: Double(authoredMs) / 1000).formatted(.iso8601)
        var resource: [String: Any] = [
            "resourceType": "QuestionnaireResponse",
            "status": "completed",
            "identifier": ["system": identifierSystem, "value": identifier],
            "questionnaire": "\(form.url)|\(form.version)",
            "authored": authored,
            "item": values.map { item -> [String: Any] in
                ["linkId": item.linkId, "answer": [[member(item.value): item.value] as [String: Any]]]
            },
        ]
        if let patientReference { resource["subject"] = ["reference": patientReference] }
        let data = (try? JSONSerialization.data(withJSONObject: resource, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    private func selectProfile(_ name: String?) async throws(QuestionnaireError) -> StoredProfile {
        do { return try await app.store.selectProfile(named: name) } catch { throw .profile(error) }
    }

    private func call<T>(_ body: () async throws -> T) async throws(QuestionnaireError) -> T {
        do { return try await body() } catch { throw .store(String(describing: error)) }
    }
}

/// Why a questionnaire could not be listed or answered.
public enum QuestionnaireError: Error, Sendable, Equatable, CustomStringConvertible {
    case profile(PatientRecordError)
    case store(String)
    /// No assigned questionnaire with this assignment id (the ids there are).
    case unknownAssignment(Int64, known: [Int64])
    /// The questionnaire asks something this hub cannot ask.
    case unreadable(title: String)
    case answer(QuestionnaireAnswerError)

    public var description: String {
        switch self {
        case .profile(let error): error.description
        case .store(let reason): "the store failed: \(reason)"
        case .unknownAssignment(let id, let known):
            "no questionnaire \(id) is assigned"
                + (known.isEmpty
                    ? " (none is; the care team assigns them, and `kidneyhub care-team sync` fetches them)"
                    : "; assigned: \(known.map(String.init).joined(separator: ", "))")
        case .unreadable(let title): "\(title) asks questions this hub cannot show"
        case .answer(let error): error.description
        }
    }
}

extension HubApplication {
    /// The care team's questionnaires: list and answer.
    public var questionnaires: QuestionnaireService { QuestionnaireService(app: self) }
}
