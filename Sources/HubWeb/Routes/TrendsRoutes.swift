import Clinical
import Foundation
import HubRecords
import HubServices
import Hummingbird

/// The trends pages, one per part (`/trends` the readings, `/trends/labs`, `/trends/intake`), over a window of 7, 30,
/// 90 or 365 days (`?days=`, 30 by default).
struct TrendsRoutes {
    let web: WebApp

    func register(on router: Router<WebContext>) {
        for section in TrendsService.Section.allCases {
            router.get(RouterPath(TrendsPage.path(section))) { request, context in
                guard context.session != nil else { return seeOther("/signin") }
                let asked = request.uri.queryParameters["days"].flatMap { Int(String($0)) }
                let days = asked.flatMap { TrendsPage.windows.contains($0) ? $0 : nil } ?? 30
                let (profile, trends) = (await web.profileName(context), web.app.trends)
                let content: TrendsPage.Content
                let stored: StoredProfile
                switch section {
                case .readings:
                    let overview = try await trends.readings(days: days, profile: profile)
                    (content, stored) = (.readings(overview), overview.profile)
                case .labs:
                    let overview = try await trends.labs(days: days, profile: profile)
                    (content, stored) = (.labs(overview), overview.profile)
                case .intake:
                    let overview = try await trends.intake(days: days, profile: profile)
                    (content, stored) = (.intake(overview), overview.profile)
                }
                let timeZone = (try? stored.profile.timeZone()) ?? TimeZone(identifier: "UTC")!
                let page = TrendsPage(layout: await web.layout(context), content: content, timeZone: timeZone)
                return htmlResponse(page.render())
            }
        }
    }
}
