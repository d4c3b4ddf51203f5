import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// One adapter on the search path and its health.
struct AdapterMessage: Encodable {
    var id: String
    var name: String
    var state: String
    var failed: Bool
    var findsDevices: Bool
}

/// Whose readings a device gives, by user slot (null: every slot without its own).
struct DeviceAssignmentMessage: Encodable {
    var userIndex: Int?
    var profile: String

    private enum CodingKeys: String, CodingKey {
        case userIndex, profile
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(userIndex, forKey: .userIndex)
        try container.encode(profile, forKey: .profile)
    }
}

/// One device the store knows, with when a batch last named it and whom its readings go to.
struct DeviceMessage: Encodable {
    var adapterId: String
    var deviceId: String
    var model: String?
    var lastSeenAt: String
    var assignments: [DeviceAssignmentMessage]
}

/// The devices page's data: the adapters with their health, the manifests that could not be read, the devices.
struct DevicesMessage: Encodable {
    var adapters: [AdapterMessage]
    var problems: [String]
    var devices: [DeviceMessage]

    init(_ overview: DevicesOverview) {
        adapters = overview.adapters.map {
            AdapterMessage(
                id: $0.id,
                name: $0.name,
                state: $0.state.rawValue,
                failed: $0.failed,
                findsDevices: $0.findsDevices
            )
        }
        problems = overview.problems
        devices = overview.devices.map {
            DeviceMessage(
                adapterId: $0.adapterId,
                deviceId: $0.deviceId,
                model: $0.model,
                lastSeenAt: APIJSON.instant($0.lastSeenAtMs, offset: 0),
                assignments: $0.assignments.map {
                    DeviceAssignmentMessage(userIndex: $0.userIndex, profile: $0.profile)
                }
            )
        }
    }
}

/// One answer given to a questionnaire: when, and its symptom score.
struct QuestionnaireAnswerMessage: Encodable {
    var id: Int64
    var authoredAt: String
    var score: Int64
}

/// One questionnaire the care team assigned, its questions counted, with the answers given.
struct QuestionnaireMessage: Encodable {
    var assignmentId: Int64
    var title: String
    var url: String
    var version: String
    var questions: Int
    var answers: [QuestionnaireAnswerMessage]

    init(_ assigned: QuestionnaireService.Assigned) {
        assignmentId = assigned.form.assignmentId
        title = assigned.form.title
        url = assigned.form.url
        version = assigned.form.version
        questions = assigned.form.items.count
        answers = assigned.answers.map {
            QuestionnaireAnswerMessage(
                id: $0.id,
                authoredAt: APIJSON.instant($0.authoredAtMs, offset: 0),
                score: $0.score
            )
        }
    }
}

/// The questionnaires page's data: the questionnaires assigned to the profile.
struct QuestionnairesMessage: Encodable {
    var profile: String?
    var questionnaires: [QuestionnaireMessage]

    private enum CodingKeys: String, CodingKey {
        case profile, questionnaires
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(profile, forKey: .profile)
        try container.encode(questionnaires, forKey: .questionnaires)
    }
}
