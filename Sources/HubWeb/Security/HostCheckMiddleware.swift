import HTTPTypes
import Hummingbird

/// Refuses a request whose `Host` is not a name this server answers to, with 421 Misdirected Request: a page on
/// another site that rebinds its DNS name to 127.0.0.1 sends its own name as `Host` and is refused (the reason
/// Jupyter checks `Host` by default).
struct HostCheckMiddleware: RouterMiddleware {
    typealias Context = WebContext
    /// The accepted `host:port` values, lowercased.
    let allowed: @Sendable () -> Set<String>

    func handle(
        _ request: Request,
        context: WebContext,
        next: (Request, WebContext) async throws -> Response
    ) async throws -> Response {
        // HTTP/1 moves `Host` into the authority; a `Host` field still present (HTTP/2, tests) is the one sent.
        let host = (request.headers[HTTPField.Name("Host")!] ?? request.head.authority ?? "").lowercased()
        guard allowed().contains(host) else {
            return Problem(
                status: .misdirectedRequest,
                title: "Host not served here",
                detail: "This server answers only to its own address, not to '\(host)'.",
                field: "Host"
            ).response()
        }
        return try await next(request, context)
    }
}
