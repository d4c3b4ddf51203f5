import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import Hummingbird

/// The first run: the passphrase, then the terms, then the profile.
struct SetupRoutes {
    let web: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/setup/passphrase") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            if try await web.app.webAccess.passphraseHash() != nil { return seeOther("/today") }
            return htmlResponse(SetupPassphrasePage(layout: await web.layout(context), session: session).render())
        }
        router.post("/setup/passphrase") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            let layout = await web.layout(context)
            let typed = context.form["passphrase"] ?? ""
            if let problem = Passphrase.problem(typed, confirmation: context.form["confirmation"] ?? "") {
                let page = SetupPassphrasePage(
                    layout: layout,
                    session: session,
                    errors: [layout.language.text(problem)]
                )
                return htmlResponse(page.render(), status: .unprocessableContent)
            }
            // A passphrase set already stays: the first run sets it once.
            _ = try await web.app.webAccess.setPassphraseHashOnce(await Passphrase.hash(typed))
            return seeOther("/today")
        }
        router.get("/setup/terms") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            let standing = try await web.app.terms.standing()
            if standing.accepted != nil { return seeOther("/today") }
            let page = TermsPage(
                layout: await web.layout(context),
                session: session,
                version: standing.terms.version,
                text: standing.terms.text
            )
            return htmlResponse(page.render())
        }
        router.post("/setup/terms") { _, context in
            guard context.session != nil else { return seeOther("/signin") }
            guard try await web.app.webAccess.passphraseHash() != nil else { return seeOther("/setup/passphrase") }
            guard context.form["version"] == (try await web.app.terms.standing()).terms.version else {
                return seeOther("/setup/terms")
            }
            _ = try await web.app.terms.acceptCurrent()
            return seeOther("/today")
        }
        router.get("/setup/profile") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            return htmlResponse(ProfileFormPage(layout: await web.layout(context), session: session).render())
        }
        router.post("/setup/profile") { _, context in try await saveProfile(context) }
    }

    private func saveProfile(_ context: WebContext) async throws -> Response {
        guard let session = context.session else { return seeOther("/signin") }
        let layout = await web.layout(context)
        let form = context.form
        var changes = ProfileChanges()
        changes.name = form.text("name")
        changes.create = true
        changes.profile = form.text("name")
        changes.birthDate = form.text("birth_date")
        changes.sex = form.text("sex")
        changes.heightCentimeters = form.text("height").flatMap(Double.init)
        changes.category = form.text("category")
        changes.schedule = form.text("schedule")
        changes.dryWeightKilograms = form.text("dry_weight").flatMap(Double.init)
        changes.diabetes = form.text("diabetes")
        changes.timeZone = form.text("time_zone")
        changes.weightUnit = form.text("weight_unit")
        changes.fluidUnit = form.text("fluid_unit")
        do {
            let (saved, _) = try await web.app.profiles.save(changes)
            await web.sessions.choose(profile: saved.name, for: session.id)
            return seeOther("/today")
        } catch let error as ProfileError {
            let problems: [String]
            switch error {
            case .notSaved(let list):
                problems = list.map { layout.language == .english ? $0.description : layout.language.refusal($0) }
            case .nameNeeded: problems = ["\(layout.language.text(.name)): \(layout.language.text(.required))"]
            default: problems = [layout.language.refusal(error)]
            }
            let page = ProfileFormPage(layout: layout, session: session, errors: problems, values: form)
            return htmlResponse(page.render(), status: .unprocessableContent)
        }
    }
}
