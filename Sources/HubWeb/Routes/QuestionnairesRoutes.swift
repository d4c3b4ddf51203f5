import HubServices
import Hummingbird

/// The Questionnaires page: the care team's questionnaires and the patient's answers to them.
struct QuestionnairesRoutes {
    let web: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/questionnaires") { request, context in
            guard let session = context.session else { return seeOther("/signin") }
            let layout = await web.layout(context)
            let assigned = try await web.app.questionnaires.list(profile: await web.profileName(context))
            let notice = request.uri.queryParameters["done"].flatMap { MessageKey(rawValue: String($0)) }
                .map { layout.language.text($0) }
            return htmlResponse(
                QuestionnairesPage(layout: layout, session: session, assigned: assigned, notice: notice).render()
            )
        }
        router.post("/questionnaires/:assignment") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            guard let assignmentId = context.parameters.get("assignment", as: Int64.self) else {
                return seeOther("/questionnaires")
            }
            let profile = await web.profileName(context)
            let assigned = try await web.app.questionnaires.list(profile: profile)
            let items = assigned.first { $0.form.assignmentId == assignmentId }?.form.items ?? []
            var answers: [String: String] = [:]
            for item in items { answers[item.linkId] = context.form["answer-\(item.linkId)"] ?? "" }
            do {
                _ = try await web.app.questionnaires.answer(assignmentId: assignmentId, answers, profile: profile)
            } catch {
                let layout = await web.layout(context)
                return htmlResponse(
                    QuestionnairesPage(
                        layout: layout,
                        session: session,
                        assigned: assigned,
                        errors: [layout.language.refusal(error)],
                        typed: answers
                    ).render(),
                    status: .unprocessableContent
                )
            }
            return seeOther("/questionnaires?done=questionnaireSaved")
        }
    }
}
