import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import Hummingbird

/// Settings (the language) and the choice of profile.
struct SettingsRoutes {
    let web: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/settings") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            return htmlResponse(SettingsPage(layout: await web.layout(context), session: session).render())
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
