import CareServer
import HTTPTypes
import Hummingbird

/// Headers on every portal response: a Content-Security-Policy that allows no script at all and only the portal's
/// own stylesheet, no framing, no MIME sniffing, no referrer, and no caching of pages that hold patient data.
struct PortalHeadersMiddleware: RouterMiddleware {
    typealias Context = CareRequestContext

    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; "
        + "base-uri 'none'"

    func handle(
        _ request: Request,
        context: CareRequestContext,
        next: (Request, CareRequestContext) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.xFrameOptions] = "DENY"
        response.headers[.referrerPolicy] = "no-referrer"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }
}
