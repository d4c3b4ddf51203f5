import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import Hummingbird

/// Settings (the language, the notifications) and the choice of profile.
struct SettingsRoutes {
    let web: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/settings") { request, context in
            guard let session = context.session else { return seeOther("/signin") }
            let layout = await web.layout(context)
            let notice = request.uri.queryParameters["done"].flatMap { MessageKey(rawValue: String($0)) }
                .map { layout.language.text($0) }
            let notifications = try await web.app.notifications.settings(profile: await web.profileName(context))
            return htmlResponse(
                SettingsPage(layout: layout, session: session, notifications: notifications, notice: notice).render()
            )
        }
        router.post("/settings/notifications") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            let (layout, form, profile) = (await web.layout(context), context.form, await web.profileName(context))
            // A refused form comes back on the page, in its language, with what was sent.
            let refused = { (error: String) in
                let page = SettingsPage(
                    layout: layout,
                    session: session,
                    notifications: try await web.app.notifications.settings(profile: profile),
                    errors: [error],
                    values: form
                )
                return htmlResponse(page.render(), status: .unprocessableContent)
            }
            let chosen = Set(form.texts("type").compactMap(NotificationType.init(rawValue:)))
            var change = NotificationsService.SettingsChange.types(on: chosen)
            switch (form.text("quietStart"), form.text("quietEnd")) {
            case (nil, nil): change.quietHours = .some(nil)
            case (let start?, let end?):
                guard let from = try? LocalTime(parsing: start), let until = try? LocalTime(parsing: end) else {
                    return try await refused("\(layout.language.text(.quietHours)): \(start)-\(end)")
                }
                change.quietHours = QuietHours(start: from, end: until)
            default: return try await refused(layout.language.text(.quietHoursIncomplete))
            }
            change.desktop = form.text("desktop") != nil
            do {
                _ = try await web.app.notifications.settings(profile: profile, change: change)
            } catch let error as CareServiceError {
                return try await refused(layout.language.refusal(error))
            }
            return seeOther("/settings?done=notificationSettingsSaved")
        }
        router.post("/settings/language") { _, context in
            guard let code = context.form.text("language"), let language = Language(rawValue: code) else {
                return Problem(
                    status: .unprocessableContent,
                    title: "Unknown language",
                    detail: "Choose one of: \(Language.allCases.map(\.rawValue).joined(separator: ", ")).",
                    field: "language"
                ).response()
            }
            try await web.app.webAccess.setLanguage(language.rawValue)
            return seeOther("/settings")
        }
        router.get("/profiles") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            let profiles = try await web.app.profiles.list()
            let page = ProfilesPage(
                layout: await web.layout(context),
                session: session,
                profiles: profiles,
                current: WebApp.profileName(session.profile, among: profiles.map(\.name))
            )
            return htmlResponse(page.render())
        }
        router.post("/profiles/select") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            let profiles = try await web.app.profiles.list()
            // Only a profile of this server's store can be chosen.
            guard let name = context.form.text("profile"), let chosen = profiles.first(where: { $0.name == name })
            else {
                return Problem(status: .notFound, title: "No such profile in this store", field: "profile").response()
            }
            await web.sessions.choose(profile: chosen.name, for: session.id)
            return seeOther("/today")
        }
    }
}
