import Clinical
import Hummingbird

/// `Server-Timing: app;dur=MS` on every response: the time the hub took to produce it, from the request's head to
/// the response (for a streamed body, to its head), in milliseconds with microseconds. Browsers show it in their
/// developer tools, and the web app's benchmark reads each page's server time from it, apart from the client's own
/// scheduling and the loopback round trip. Only durations: no names of queries or data. A script on another origin
/// cannot read it (that would need `Timing-Allow-Origin`, which the hub never sends).
struct ServerTimingMiddleware: RouterMiddleware {
    typealias Context = WebContext

    func handle(
        _ request: Request,
        context: WebContext,
        next: (Request, WebContext) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        var response = try await next(request, context)
        response.headers[.serverTiming] = Self.value(ContinuousClock.now - start)
        return response
    }

    /// `app;dur=` and the duration in milliseconds with three decimals (`6.215`).
    static func value(_ duration: Duration) -> String {
        let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        return "app;dur=" + FixedDecimal.format(Double(max(0, microseconds)) / 1000, digits: 3)
    }
}
