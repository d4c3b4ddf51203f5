import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import Hummingbird

/// Logging drinks.
struct FluidRoutes {
    let web: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/fluid") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            let summary = try await web.app.intake.day(.today, profile: await web.profileName(context))
            let page = FluidPage(
                layout: await web.layout(context),
                session: session,
                todayMilliliters: summary.intake.fluidMilliliters
            )
            return htmlResponse(page.render())
        }
        router.post("/fluid") { _, context in
            guard let amount = context.form.text("amount").flatMap(Double.init), amount > 0 else {
                return Problem(
                    status: .unprocessableContent,
                    title: "No amount",
                    detail: "Give the amount in mL.",
                    field: "amount"
                )
                .response()
            }
            let layout = await web.layout(context)
            _ = try await web.app.intake.logFluid(
                amount: amount,
                unit: "mL",
                what: context.form.text("what") ?? layout.language.text(.water),
                at: entryTime(nil),
                profile: await web.profileName(context)
            )
            return seeOther("/today?done=loggedFluid")
        }
    }
}
