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
            let profile = await web.profileName(context)
            let view = try await web.app.profiles.show(profile)
            let page = NotificationsPage(
                layout: await web.layout(context),
                session: session,
                notifications: try await web.app.notifications.list(profile: profile, unreadOnly: false, limit: 100),
                timeZone: TimeZone(identifier: view.stored.profile.timeZoneIdentifier) ?? .gmt
            )
            return htmlResponse(page.render())
        }
        router.post("/notifications/read") { _, context in
            _ = try await web.app.notifications.markRead(ids: nil, profile: await web.profileName(context))
            return seeOther("/notifications")
        }
    }
}
