import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import Hummingbird

/// Weight entry.
struct BodyRoutes {
    let web: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/weight") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            let listing = try await web.app.weight.list(days: 30, profile: await web.profileName(context))
            return htmlResponse(
                WeightPage(layout: await web.layout(context), session: session, listing: listing).render()
            )
        }
        router.post("/weight") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            let form = context.form
            let profile = await web.profileName(context)
            let layout = await web.layout(context)
            guard let value = form.text("value").flatMap(Double.init) else {
                let listing = try await web.app.weight.list(days: 30, profile: profile)
                let error = "\(layout.language.text(.weight)): \(layout.language.text(.notANumber))"
                return htmlResponse(
                    WeightPage(layout: layout, session: session, listing: listing, errors: [error], values: form)
                        .render(),
                    status: .unprocessableContent
                )
            }
            do {
                _ = try await web.app.weight.add(
                    value: value,
                    unit: form.text("unit") ?? "kg",
                    phase: form.text("phase").flatMap(DialysisPhase.init(rawValue:)),
                    at: form.text("at"),
                    profile: profile
                )
            } catch let error as any UserFacingError {
                let listing = try await web.app.weight.list(days: 30, profile: profile)
                return htmlResponse(
                    WeightPage(
                        layout: layout,
                        session: session,
                        listing: listing,
                        errors: [layout.language.refusal(error)],
                        values: form
                    )
                    .render(),
                    status: .unprocessableContent
                )
            }
            return seeOther("/today?done=savedWeight")
        }
    }
}
