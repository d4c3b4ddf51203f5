import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import Hummingbird

/// Today's page.
struct TodayRoutes {
    let web: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/today") { request, context in
            let layout = await web.layout(context)
            let profile = await web.profileName(context)
            let summary = try await web.app.intake.day(.today, profile: profile)
            let alerts = try await web.app.notifications.list(profile: profile, unreadOnly: true, limit: 5)
            let notice = request.uri.queryParameters["done"].flatMap { MessageKey(rawValue: String($0)) }
                .map(layout.language.text)
            let page = TodayPage(
                layout: layout,
                summary: summary,
                dialysis: try await dialysisDay(profile: profile, today: summary.day),
                alerts: alerts,
                notice: notice
            )
            return htmlResponse(page.render())
        }
    }

    /// The session of today, when the profile has a schedule and today holds a session or a weight with a phase.
    private func dialysisDay(profile: String?, today: CalendarDate) async throws -> TodayPage.DialysisDay? {
        let listing = try await web.app.weight.list(days: 4, profile: profile)
        guard let schedule = listing.profile.profile.dialysisSchedule, !schedule.sessions.isEmpty else { return nil }
        let session = listing.sessions.last { $0.result.session.date == today }
        let todays = listing.weights.filter {
            (try? listing.profile.profile.localDate(at: $0.startMs)) == today
        }
        let pre = todays.last { $0.phase.phase == .pre }?.kilograms
        if let gain = session?.result.gain {
            return .init(
                preKilograms: gain.preWeight.kilograms,
                previousPostKilograms: gain.previousPostWeight.kilograms,
                gain: gain
            )
        }
        let post = listing.weights.last { $0.phase.phase == .post }?.kilograms
        guard session != nil || pre != nil else { return nil }
        return .init(preKilograms: pre, previousPostKilograms: post, gain: nil)
    }
}
