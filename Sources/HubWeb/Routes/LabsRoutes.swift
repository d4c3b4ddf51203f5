import Clinical
import HubServices
import Hummingbird

/// The labs page: entry and the table of results with trends and targets.
struct LabsRoutes {
    let web: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/labs") { request, context in
            guard let session = context.session else { return seeOther("/signin") }
            let layout = await web.layout(context)
            let overview = try await web.app.labs.overview(profile: await web.profileName(context))
            let notice = request.uri.queryParameters["done"].flatMap { MessageKey(rawValue: String($0)) }
                .map { layout.language.text($0) }
            return htmlResponse(
                LabsPage(layout: layout, session: session, overview: overview, notice: notice).render()
            )
        }
        router.post("/labs") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            let form = context.form
            let profile = await web.profileName(context)
            let analyte = form.text("analyte") ?? ""
            // An empty unit is the lab's usual (canonical) unit, the first the form offers.
            let unit =
                form.text("unit")
                ?? LabCatalog.standard.analyte(id: analyte)?.canonicalUnit.code ?? ""
            do {
                _ = try await web.app.labs.add(
                    analyte: analyte,
                    value: form.text("value") ?? "",
                    unit: unit,
                    date: form.text("date"),
                    profile: profile
                )
            } catch let error as LabsError {
                let layout = await web.layout(context)
                let overview = try await web.app.labs.overview(profile: profile)
                return htmlResponse(
                    LabsPage(
                        layout: layout,
                        session: session,
                        overview: overview,
                        errors: [layout.language.refusal(error)],
                        values: form
                    )
                    .render(),
                    status: .unprocessableContent
                )
            }
            return seeOther("/labs?done=savedLab")
        }
    }
}
