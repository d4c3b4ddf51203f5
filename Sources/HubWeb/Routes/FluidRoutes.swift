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
            guard let session = context.session else { return seeOther("/signin") }
            let layout = await web.layout(context)
            let form = context.form
            let profile = await web.profileName(context)
            // A refused drink comes back on the page, in its language, with what was typed.
            let refused = { (error: String) in
                let summary = try await web.app.intake.day(.today, profile: profile)
                let page = FluidPage(
                    layout: layout,
                    session: session,
                    todayMilliliters: summary.intake.fluidMilliliters,
                    errors: [error],
                    values: form
                )
                return htmlResponse(page.render(), status: .unprocessableContent)
            }
            guard let amount = form.text("amount").flatMap(Double.init), amount > 0 else {
                return try await refused("\(layout.language.text(.otherAmount)): \(layout.language.text(.notANumber))")
            }
            do {
                _ = try await web.app.intake.logFluid(
                    amount: amount,
                    unit: "mL",
                    what: form.text("what") ?? layout.language.text(.water),
                    at: entryTime(nil),
                    profile: profile
                )
            } catch let error as CareServiceError {
                return try await refused(layout.language.refusal(error))
            }
            return seeOther("/today?done=loggedFluid")
        }
    }
}
