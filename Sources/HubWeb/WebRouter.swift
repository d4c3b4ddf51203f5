import HubServices
import Hummingbird

/// The routes and the middleware in the order they apply: the server's time (outermost, so that it counts the
/// others), security headers, the Host check, the session (401, CSRF
/// 403), the first run's redirects; then each area's routes.
enum WebRouter {
    static func make(web: WebApp, hosts: AllowedHosts) -> Router<WebContext> {
        let router = Router(context: WebContext.self)
        router.add(middleware: ServerTimingMiddleware())
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: HostCheckMiddleware(allowed: { hosts.current }))
        router.add(
            middleware: SessionMiddleware(sessions: web.sessions, now: { web.app.now() }) { request in
                let layout = Layout(language: await web.language(), session: nil)
                return htmlResponse(SignInPage(layout: layout).render(), status: .unauthorized)
            }
        )
        router.add(middleware: FirstRunMiddleware(web: web))
        AssetRoutes.register(on: router)
        AccessRoutes(web: web).register(on: router)
        SetupRoutes(web: web).register(on: router)
        TodayRoutes(web: web).register(on: router)
        FoodRoutes(web: web).register(on: router)
        FluidRoutes(web: web).register(on: router)
        BodyRoutes(web: web).register(on: router)
        SettingsRoutes(web: web).register(on: router)
        NotificationRoutes(web: web).register(on: router)
        AvatarRoutes(web: web).register(on: router)
        BloodPressureRoutes(web: web).register(on: router)
        LabsRoutes(web: web).register(on: router)
        QuestionnairesRoutes(web: web).register(on: router)
        MedicationsRoutes(web: web).register(on: router)
        TrendsRoutes(web: web).register(on: router)
        ReportsRoutes(web: web).register(on: router)
        GoalsRoutes(web: web).register(on: router)
        DevicesRoutes(web: web).register(on: router)
        ImportRoutes(web: web).register(on: router)
        ProgressRoutes(web: web).register(on: router)
        APIRoutes(web: web).register(on: router)
        EventRoutes(web: web, stopping: web.stopping).register(on: router)
        return router
    }
}
