import Clinical
import Foundation
import HubRecords
import HubServices
import Hummingbird

/// The trends page over a window of 7, 30, 90 or 365 days (`?days=`, 30 by default).
struct TrendsRoutes {
    let web: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/trends") { request, context in
            guard context.session != nil else { return seeOther("/signin") }
            let asked = request.uri.queryParameters["days"].flatMap { Int(String($0)) }
            let days = asked.flatMap { TrendsPage.windows.contains($0) ? $0 : nil } ?? 30
            let overview = try await web.app.trends.overview(days: days, profile: await web.profileName(context))
            let timeZone = (try? overview.profile.profile.timeZone()) ?? TimeZone(identifier: "UTC")!
            let page = TrendsPage(layout: await web.layout(context), overview: overview, timeZone: timeZone)
            return htmlResponse(await page.render())
        }
    }
}
