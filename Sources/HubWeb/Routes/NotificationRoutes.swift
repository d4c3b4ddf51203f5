import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import Hummingbird

/// The notifications feed.
struct NotificationRoutes {
    let web: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/notifications") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            let feed = try await web.app.notifications.feed(profile: await web.profileName(context), limit: 100)
            let page = NotificationsPage(
                layout: await web.layout(context),
                session: session,
                notifications: feed.notifications,
                timeZone: feed.timeZone
            )
            return htmlResponse(page.render())
        }
        router.post("/notifications/read") { _, context in
            _ = try await web.app.notifications.markRead(ids: nil, profile: await web.profileName(context))
            return seeOther("/notifications")
        }
    }
}
