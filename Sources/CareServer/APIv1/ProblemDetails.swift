import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// An error of `/api/v1` as RFC 9457 problem details (`application/problem+json`): `type`, `title`, `status`,
/// `detail`, and for a refused body an `errors` list whose members name the field by JSON pointer (RFC 9457 §3's
/// own example of an extension member) with what is wrong with it.
struct ProblemDetails: Encodable, Sendable, Equatable {
    /// One refused field: `#/symptoms/0/scale` and the reason.
    struct FieldProblem: Encodable, Sendable, Equatable {
        var pointer: String
        var detail: String
    }

    static let mediaType = "application/problem+json"

    /// Problem details are written with their members in one order (sorted), so that refusals that must not be
    /// told apart (no such patient, another clinic's patient) are the same bytes: a plain `JSONEncoder` writes a
    /// struct's keys in an order that varies from one response to the next, which a 404 or 403 body must not do.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    var type: String = "about:blank"
    var title: String
    var status: Int
    var detail: String
    var errors: [FieldProblem]?

    init(_ error: APIError) {
        let status = error.status
        self.title = status.reasonPhrase
        self.status = status.code
        if case .invalid(let fields) = error {
            let problems = Self.flatten(fields, under: "#")
            self.errors = problems
            self.detail = problems.map { "\($0.pointer.dropFirst(2)): \($0.detail)" }.joined(separator: " ")
        } else {
            self.detail = error.detail ?? status.reasonPhrase
        }
    }

    /// Every message of a field error tree, each with the JSON pointer (RFC 6901) of its field, in a stable order.
    static func flatten(_ fields: [String: FieldErrors], under prefix: String) -> [FieldProblem] {
        fields.keys.sorted(by: Self.pointerOrder).flatMap { key -> [FieldProblem] in
            let pointer =
                prefix + "/"
                + key.replacingOccurrences(of: "~", with: "~0")
                .replacingOccurrences(of: "/", with: "~1")
            switch fields[key] {
            case .messages(let messages): return messages.map { FieldProblem(pointer: pointer, detail: $0) }
            case .nested(let nested): return flatten(nested, under: pointer)
            case nil: return []
            }
        }
    }

    /// List indexes in numeric order ("2" before "10"), names alphabetically.
    private static func pointerOrder(_ a: String, _ b: String) -> Bool {
        if let x = Int(a), let y = Int(b) { return x < y }
        return a < b
    }

    /// The response for `error`, with the headers its plain form carries (`WWW-Authenticate`, `Retry-After`).
    static func response(for error: APIError) throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = mediaType
        switch error {
        case .notAuthenticated, .invalidToken: headers[.wwwAuthenticate] = "Token"
        case .throttled(let seconds): headers[.retryAfter] = String(seconds)
        default: break
        }
        let body = try Self.encoder.encode(ProblemDetails(error))
        return Response(status: error.status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// Answers every `APIError` of the routes it wraps as problem details instead of the document's server's shape.
struct ProblemDetailsMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return try ProblemDetails.response(for: error)
        }
    }
}
