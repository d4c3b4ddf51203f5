import Care
import HubServices
import Hummingbird

/// The goals page: progress, adding a goal from a template, editing, reordering and removing one, rewards.
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
                let layout = await web.layout(context)
                return htmlResponse(
                    GoalsPage(
                        layout: layout,
                        session: session,
                        overview: overview,
                        errors: [layout.language.refusal(error)]
                    ).render(),
                    status: .unprocessableContent
                )
            }
            return seeOther("/goals?done=goalAdded")
        }
        router.get("/goals/:id/edit") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            let (goal, title) = try await goal(context)
            return htmlResponse(
                GoalEditPage(layout: await web.layout(context), session: session, goal: goal, title: title).render()
            )
        }
        router.post("/goals/:id/edit") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            let (goal, title) = try await goal(context)
            let layout = await web.layout(context)
            let form = context.form
            let fields = GoalEditField.fields(of: goal.kind)
            var sent: [String: String] = [:]
            var target = GoalTarget()
            target.period = form.text("period")
            var errors: [String] = []
            for field in fields {
                guard let text = form.text(field.name) else { continue }
                sent[field.name] = text
                guard let number = Double(text), number.isFinite else {
                    errors.append("\(layout.language.text(field.label)): \(layout.language.text(.notANumber))")
                    continue
                }
                Self.set(field.name, number, on: &target)
            }
            if errors.isEmpty {
                do {
                    _ = try await web.app.goals.edit(
                        id: goal.id,
                        target: target,
                        profile: await web.profileName(context)
                    )
                    return seeOther("/goals?done=goalSaved")
                } catch let error as CareServiceError {
                    errors.append(layout.language.refusal(error))
                }
            }
            let page = GoalEditPage(
                layout: layout,
                session: session,
                goal: goal,
                title: title,
                sent: sent,
                errors: errors
            )
            return htmlResponse(page.render(), status: .unprocessableContent)
        }
        router.post("/goals/:id/priority") { _, context in
            guard context.session != nil else { return seeOther("/signin") }
            let (goal, _) = try await goal(context)
            guard let priority = context.form.text("priority").flatMap(Int.init), priority >= 1 else {
                throw HTTPError(.unprocessableContent, message: "priority: a whole number from 1")
            }
            _ = try await web.app.goals.prioritize(id: goal.id, to: priority, profile: await web.profileName(context))
            return seeOther("/goals?done=goalMoved")
        }
        router.post("/goals/:id/remove") { _, context in
            guard context.session != nil else { return seeOther("/signin") }
            let (goal, _) = try await goal(context)
            try await web.app.goals.remove(id: goal.id, profile: await web.profileName(context))
            return seeOther("/goals?done=goalRemoved")
        }
    }

    /// The goal the path names, of the session's profile, with its title; 404 for another profile's or none.
    private func goal(_ context: WebContext) async throws -> (Goal, String) {
        let id = try context.parameters.require("id", as: Int64.self)
        let overview = try await web.app.goals.overview(profile: await web.profileName(context))
        guard let goal = overview.goals.goals.first(where: { $0.goal.id == id })?.goal else {
            throw HTTPError(.notFound)
        }
        let templates = Dictionary(
            (overview.offer?.templates ?? []).map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        return (goal, GoalsPage.title(goal, templates: templates, language: await web.language(context)))
    }

    /// Sets the `GoalTarget` property named `name` (a `GoalEditField` name).
    private static func set(_ name: String, _ number: Double, on target: inout GoalTarget) {
        switch name {
        case "low": target.low = number
        case "high": target.high = number
        case "systolic": target.systolic = number
        case "diastolic": target.diastolic = number
        case "maxDecline": target.maxDecline = number
        case "percent": target.percent = number
        case "steps": target.steps = Int(exactly: number.rounded()) ?? Int.max
        case "minimum": target.minimum = number
        case "maximum": target.maximum = number
        case "milliliters": target.milliliters = number
        case "cups": target.cups = number
        default: break
        }
    }
}
