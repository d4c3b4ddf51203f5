import Hummingbird
import NIOCore

/// Finds the session a request's cookie names, refuses requests without one (401) outside the sign-in pages and the
/// assets, and refuses a state-changing request whose CSRF token is missing or wrong (403). Reads a form body once,
/// into the context, so the token can be checked before any handler runs.
struct SessionMiddleware: RouterMiddleware {
    typealias Context = WebContext
    static let cookieName = "kidneyhub_session"
    /// A form body larger than this is refused (uploads are multipart and checked by their own route).
    static let formLimit = 64 * 1024

    let sessions: SessionStore
    let now: @Sendable () -> Int64
    /// The answer to a page request without a session (the sign-in page, status 401).
    let signInPage: @Sendable (Request) async -> Response

    /// Paths reachable without a session.
    static func isPublic(_ path: String) -> Bool {
        path == "/signin" || path == "/signin/link" || path.hasPrefix("/assets/") || path == "/api/v1/openapi.json"
    }

    func handle(
        _ request: Request,
        context: WebContext,
        next: (Request, WebContext) async throws -> Response
    ) async throws -> Response {
        var request = request
        var context = context
        let changesState = ![.get, .head, .options].contains(request.method)
        if changesState, let type = request.headers[.contentType],
            type.hasPrefix("application/x-www-form-urlencoded")
        {
            guard let body = try? await request.collectBody(upTo: Self.formLimit) else {
                return Problem(status: .contentTooLarge, title: "Form too large", field: "body").response()
            }
            context.form = FormFields(urlEncoded: Substring(String(buffer: body)))
        }
        if let id = request.cookies[Self.cookieName]?.value {
            context.session = await sessions.session(id, now: now())
        }
        if Self.isPublic(request.uri.path) { return try await next(request, context) }
        guard let session = context.session else {
            if request.uri.path.hasPrefix("/api/") || changesState {
                return Problem(
                    status: .unauthorized,
                    title: "Sign in first",
                    detail: "This needs a session: open the sign-in link `kidneyhub serve` printed, or sign in.",
                    field: "Cookie"
                ).response()
            }
            return await signInPage(request)
        }
        if changesState {
            let sent =
                request.headers[.csrfToken] ?? context.form["csrf"]
                ?? request.uri.queryParameters["csrf"].map(String.init)
            guard let sent, RandomToken.equal(sent, session.csrfToken) else {
                return Problem(
                    status: .forbidden,
                    title: "Form expired or forged",
                    detail: "The request did not carry this session's CSRF token; reload the page and try again.",
                    field: "csrf"
                ).response()
            }
        }
        return try await next(request, context)
    }
}
