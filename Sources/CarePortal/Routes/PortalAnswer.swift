import Hummingbird

/// The answer a portal route gives instead of going on (the sign-in page, a 403, an expired form), thrown so each
/// route states only what it needs; Hummingbird writes an `HTTPResponseError`'s response as it is.
struct PortalAnswer: HTTPResponseError {
    let answer: Response

    var status: HTTPResponse.Status { answer.status }

    func response(from request: Request, context: some RequestContext) throws -> Response { answer }
}
