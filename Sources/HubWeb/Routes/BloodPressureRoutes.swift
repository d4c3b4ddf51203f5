import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import Hummingbird

/// Blood pressure entry.
struct BloodPressureRoutes {
    let web: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/blood-pressure") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            return htmlResponse(BloodPressurePage(layout: await web.layout(context), session: session).render())
        }
        router.post("/blood-pressure") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            let layout = await web.layout(context)
            let t = layout.language.text
            let form = context.form
            guard let systolic = form.text("systolic").flatMap(Double.init),
                let diastolic = form.text("diastolic").flatMap(Double.init)
            else {
                let error = "\(t(.systolic)) / \(t(.diastolic)): \(t(.notANumber))"
                return htmlResponse(
                    BloodPressurePage(layout: layout, session: session, errors: [error], values: form).render(),
                    status: .unprocessableContent
                )
            }
            do {
                _ = try await web.app.bloodPressure.add(
                    systolic: systolic,
                    diastolic: diastolic,
                    unit: "mm[Hg]",
                    pulse: form.text("pulse").flatMap(Double.init),
                    position: nil,
                    arm: nil,
                    // The application layer's rule: a reading outside the usual ranges is stored only when confirmed.
                    confirmUnusual: form.text("confirm") == "yes",
                    at: form.text("at"),
                    profile: await web.profileName(context)
                )
            } catch let error as any UserFacingError {
                let page = BloodPressurePage(
                    layout: layout,
                    session: session,
                    errors: [layout.language.refusal(error)],
                    values: form,
                    asksConfirmation: error.userMessage?.key == .unusualValue
                )
                return htmlResponse(page.render(), status: .unprocessableContent)
            }
            return seeOther("/today?done=savedBloodPressure")
        }
    }
}
