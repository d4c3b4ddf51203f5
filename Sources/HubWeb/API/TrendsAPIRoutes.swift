import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import Hummingbird

/// The trends pages' data under /api/v1/trends: the readings, the labs and the intake over 7, 30, 90 or 365 days
/// (`?days=`, 30 by default), from the service the pages call.
struct TrendsAPIRoutes {
    let web: WebApp

    func register(on api: RouterGroup<WebContext>) {
        api.get("/trends/readings") { request, context in
            try await window(request) { days in
                ReadingsTrendsMessage(
                    try await web.app.trends.readings(days: days, profile: await web.profileName(context))
                )
            }
        }
        api.get("/trends/labs") { request, context in
            try await window(request) { days in
                LabsTrendsMessage(try await web.app.trends.labs(days: days, profile: await web.profileName(context)))
            }
        }
        api.get("/trends/intake") { request, context in
            try await window(request) { days in
                IntakeTrendsMessage(
                    try await web.app.trends.intake(days: days, profile: await web.profileName(context))
                )
            }
        }
    }

    /// The message `body` makes for the request's window, or the problem naming `days`.
    private func window(_ request: Request, _ body: (Int) async throws -> some Encodable) async throws -> Response {
        switch APIJSON.days(request) {
        case .failure(let refused): return refused.problem.response()
        case .success(let days): return try APIJSON.response(try await body(days))
        }
    }
}
