import HubServices
import Hummingbird

/// The goals page: progress, adding a goal from a template, rewards.
struct GoalsRoutes {
    let web: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/goals") { request, context in
            guard let session = context.session else { return seeOther("/signin") }
            let layout = await web.layout(context)
            let overview = try await web.app.goals.overview(profile: await web.profileName(context))
            let notice = request.uri.queryParameters["done"].flatMap { MessageKey(rawValue: String($0)) }
                .map { layout.language.text($0) }
            return htmlResponse(
                GoalsPage(layout: layout, session: session, overview: overview, notice: notice).render()
            )
        }
        router.post("/goals") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            let profile = await web.profileName(context)
            do {
                _ = try await web.app.goals.add(
                    template: context.form.text("template"),
                    target: GoalTarget(),
                    priority: nil,
                    profile: profile
                )
            } catch let error as CareServiceError {
                let overview = try await web.app.goals.overview(profile: profile)
                return htmlResponse(
                    GoalsPage(
                        layout: await web.layout(context),
                        session: session,
                        overview: overview,
                        errors: [error.description]
                    ).render(),
                    status: .unprocessableContent
                )
            }
            return seeOther("/goals?done=goalAdded")
        }
    }
}
