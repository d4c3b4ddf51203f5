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
            guard let session = context.session else { return seeOther("/signin") }
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
                doses: try await doses(profile: profile, layout: layout, session: session),
                notice: notice
            )
            return htmlResponse(page.render())
        }
    }

    /// Today's doses, or nil when the profile has no active medication order (nothing to show then).
    private func doses(profile: String?, layout: Layout, session: WebSession) async throws -> DueDosesSection? {
        let (stored, orders) = try await web.app.medications.list(
            profile: profile,
            language: layout.language.instructionLanguage
        )
        guard !orders.isEmpty else { return nil }
        let (_, _, due) = try await web.app.doses.due(profile: profile, language: layout.language.instructionLanguage)
        return DueDosesSection(
            layout: layout,
            session: session,
            doses: due,
            zone: try stored.profile.timeZone(),
            returnTo: "/today"
        )
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
