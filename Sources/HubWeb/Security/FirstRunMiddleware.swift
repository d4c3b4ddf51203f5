import Hummingbird

/// Sends a signed-in browser's page requests to the first run's next step (passphrase, terms, profile) until it is
/// done, so no page shows or stores anything before the terms are accepted.
struct FirstRunMiddleware: RouterMiddleware {
    typealias Context = WebContext
    let web: WebApp

    func handle(
        _ request: Request,
        context: WebContext,
        next: (Request, WebContext) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        let exempt =
            path.hasPrefix("/setup/") || path.hasPrefix("/signin") || path.hasPrefix("/assets/")
            || path.hasPrefix("/api/") || path == "/signout"
        guard !exempt, context.session != nil, let step = await web.firstRunStep() else {
            return try await next(request, context)
        }
        return seeOther(step)
    }
}
