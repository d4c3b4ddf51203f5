import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import Hummingbird
import Reports

/// The data of the other pages under /api/v1, each from the service its page calls, for the session's profile.
struct PageDataRoutes {
    let web: WebApp
    /// The days of weights and blood pressures listed, as the weight page lists them.
    static let listedDays = 30

    func register(on api: RouterGroup<WebContext>) {
        api.get("/labs") { _, context in
            try APIJSON.response(
                LabsPageMessage(try await web.app.labs.overview(profile: await web.profileName(context)))
            )
        }
        api.get("/weights") { _, context in
            let listing = try await web.app.weight.list(days: Self.listedDays, profile: await web.profileName(context))
            return try APIJSON.response(
                WeightsMessage(
                    profile: listing.profile.name,
                    days: Self.listedDays,
                    weights: listing.weights.reversed().map(WeightMessage.init)
                )
            )
        }
        api.get("/blood-pressure") { _, context in
            let listing = try await web.app.bloodPressure.list(
                days: Self.listedDays,
                profile: await web.profileName(context)
            )
            let readings = listing.readings.reversed().map {
                BloodPressureMessage(
                    id: $0.measurementId,
                    at: APIJSON.instant($0.startMs, offset: $0.utcOffsetSeconds),
                    systolic: $0.systolic,
                    diastolic: $0.diastolic,
                    unit: "mm[Hg]"
                )
            }
            return try APIJSON.response(
                BloodPressuresMessage(profile: listing.profile.name, days: Self.listedDays, readings: readings)
            )
        }
        api.get("/fluid") { _, context in
            let summary = try await web.app.intake.day(.today, profile: await web.profileName(context))
            let line = APIRoutes.lines(summary).first { $0.subject == IntakeSubject.fluid.rawValue }
            return try APIJSON.response(
                FluidMessage(
                    profile: summary.profile.name,
                    date: summary.day.description,
                    total: summary.intake.fluidMilliliters,
                    unit: "mL",
                    maximum: line?.maximum,
                    left: line?.left
                )
            )
        }
        api.get("/goals") { _, context in
            try APIJSON.response(
                GoalsPageMessage(try await web.app.goals.overview(profile: await web.profileName(context)))
            )
        }
        api.get("/medications") { _, context in
            let profile = await web.profileName(context)
            let language = await web.language(context).instructionLanguage
            let (stored, orders) = try await web.app.medications.list(profile: profile, language: language)
            let (_, day, due) = try await web.app.doses.due(profile: profile, language: language)
            let zone = (try? stored.profile.timeZone()) ?? .gmt
            let doses = due.map {
                DueDoseMessage(
                    medicationId: $0.dose.orderId.uuidString.lowercased(),
                    medication: $0.medication,
                    instructions: $0.instructions,
                    date: $0.dose.date.description,
                    time: $0.dose.time.description,
                    dueAt: APIJSON.instant($0.dose.dueAtMs, in: zone),
                    answer: $0.answer?.status.rawValue
                )
            }
            return try APIJSON.response(
                MedicationsMessage(
                    profile: stored.name,
                    date: day.description,
                    medications: orders.map(MedicationMessage.init),
                    dosesDue: doses
                )
            )
        }
        api.get("/questionnaires") { _, context in
            let profile = await web.profileName(context)
            let assigned = try await web.app.questionnaires.list(profile: profile)
            return try APIJSON.response(
                QuestionnairesMessage(profile: profile, questionnaires: assigned.map(QuestionnaireMessage.init))
            )
        }
        api.get("/notifications") { _, context in
            let language = await web.language(context)
            let feed = try await web.app.notifications.feed(profile: await web.profileName(context), limit: 100)
            let items = feed.notifications.map { note in
                let (title, text) = language.notification(note)
                return FeedItemMessage(
                    id: note.id,
                    type: note.type.rawValue,
                    title: title,
                    text: text,
                    read: note.readAtMs != nil,
                    createdAt: APIJSON.instant(note.createdAtMs, in: feed.timeZone),
                    opens: note.pagePath
                )
            }
            return try APIJSON.response(FeedMessage(profile: feed.profile.name, notifications: items))
        }
        api.get("/devices") { _, _ in
            try APIJSON.response(DevicesMessage(try await web.app.devices(web.adapters).overview()))
        }
        api.get("/reports") { _, context in
            let kept = try await web.app.reports().kept(profile: await web.profileName(context))
            let reports = kept.reports.map {
                ReportMessage(
                    number: $0.number,
                    from: $0.entry.from,
                    through: $0.entry.through,
                    pages: $0.entry.pages,
                    bytes: $0.entry.bytes,
                    createdAt: $0.entry.createdAt,
                    download: "/reports/\($0.number).pdf"
                )
            }
            return try APIJSON.response(ReportsMessage(profile: kept.profile.name, reports: reports))
        }
        api.get("/profiles") { _, context in
            let names = try await web.profileNames(context)
            let current = await web.profileName(context)
            return try APIJSON.response(
                ProfilesMessage(
                    current: current,
                    profiles: names.map { ProfileItemMessage(name: $0, current: $0 == current) }
                )
            )
        }
        api.get("/settings") { _, context in
            let notifications = try await web.app.notifications.settings(profile: await web.profileName(context))
            return try APIJSON.response(
                SettingsMessage(
                    language: await web.language(context).rawValue,
                    languages: Language.allCases.map(\.rawValue),
                    notifications: NotificationSettingsMessage(notifications)
                )
            )
        }
    }
}
