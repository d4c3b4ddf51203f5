import HubServices
import Hummingbird

/// Sends a signed-in browser's page requests to the first run's next step (passphrase, terms, profile) until it is
/// done, so no page shows or stores anything before the terms are accepted. The standing it reads (one snapshot, with
/// the profiles' names and the language) goes with a GET or HEAD into the context for the page; a store read is a
/// hand-over to a reader's thread and back, which the page would otherwise make twice more.
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
        guard !exempt, context.session != nil else { return try await next(request, context) }
        let standing = try? await web.app.webAccess.firstRunStanding()
        if let step = WebApp.firstRunStep(standing) { return seeOther(step) }
        var context = context
        if request.method == .get || request.method == .head { context.standing = standing }
        return try await next(request, context)
    }
}
