import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Every refusal the API answers, with the status and body the document's server gives for it. Bodies say what is
/// wrong with the request and never what exists behind it (no record, name or id of anyone else).
enum APIError: Error, Equatable, HTTPResponseError {
    /// No `Authorization: Token …` header.
    case notAuthenticated
    /// A token that is unknown, expired or revoked.
    case invalidToken
    /// The caller's role may not do this, or the record is not the caller's.
    case forbidden(String)
    /// No such record (only where the document's server says so).
    case notFound
    case methodNotAllowed(String)
    /// Field errors, shaped as the document's server shapes them.
    case invalid([String: FieldErrors])
    /// A body that cannot be parsed at all.
    case malformed(String)
    case unsupportedMediaType(String)
    case bodyTooLarge(limit: Int)
    /// Too many failed sign-ins; retry after this many seconds.
    case throttled(retryAfterSeconds: Int)

    var status: HTTPResponse.Status {
        switch self {
        case .notAuthenticated, .invalidToken: .unauthorized
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .invalid, .malformed: .badRequest
        case .unsupportedMediaType: .unsupportedMediaType
        case .bodyTooLarge: .contentTooLarge
        case .throttled: .tooManyRequests
        }
    }

    var detail: String? {
        switch self {
        case .notAuthenticated: "Authentication credentials were not provided."
        case .invalidToken: "Invalid token."
        case .forbidden(let message): message
        case .notFound: "Not found."
        case .methodNotAllowed(let method): "Method \"\(method)\" not allowed."
        case .invalid: nil
        case .malformed(let message): message
        case .unsupportedMediaType(let type): "Unsupported media type \"\(type)\" in request."
        case .bodyTooLarge(let limit): "The request body is larger than \(limit) bytes."
        case .throttled(let seconds): "Request was throttled. Expected available in \(seconds) seconds."
        }
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        switch self {
        case .notAuthenticated, .invalidToken: headers[.wwwAuthenticate] = "Token"
        case .throttled(let seconds): headers[.retryAfter] = String(seconds)
        default: break
        }
        let body: Data
        if case .invalid(let fields) = self {
            body = try JSONResponse.encoder.encode(fields)
        } else {
            body = try JSONResponse.encoder.encode(["detail": detail ?? ""])
        }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
