import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// One medication order: the medicine, its status, its instructions and who ordered it.
struct MedicationMessage: Encodable {
    var id: String
    var name: String
    var status: String
    var instructions: String
    var byCareTeam: Bool

    init(_ view: MedicationsService.OrderView) {
        id = view.order.id.uuidString.lowercased()
        name = view.order.medication.name
        status = view.order.status.rawValue
        instructions = view.instructions
        byCareTeam = view.careTeam != nil
    }
}

/// One dose due today: the medicine, when, and what was answered (null before an answer).
struct DueDoseMessage: Encodable {
    var medicationId: String
    var medication: String
    var instructions: String
    var date: String
    var time: String
    var dueAt: String
    var answer: String?

    private enum CodingKeys: String, CodingKey {
        case medicationId, medication, instructions, date, time, dueAt, answer
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(medicationId, forKey: .medicationId)
        try container.encode(medication, forKey: .medication)
        try container.encode(instructions, forKey: .instructions)
        try container.encode(date, forKey: .date)
        try container.encode(time, forKey: .time)
        try container.encode(dueAt, forKey: .dueAt)
        try container.encode(answer, forKey: .answer)
    }
}

/// The medications page's data: the active orders and today's doses.
struct MedicationsMessage: Encodable {
    var profile: String
    var date: String
    var medications: [MedicationMessage]
    var dosesDue: [DueDoseMessage]
}

/// One report made for the profile, with where to download it.
struct ReportMessage: Encodable {
    var number: Int
    var from: String
    var through: String
    var pages: Int
    var bytes: Int
    var createdAt: String
    var download: String
}

/// The reports page's data: the reports made for the profile.
struct ReportsMessage: Encodable {
    var profile: String
    var reports: [ReportMessage]
}
