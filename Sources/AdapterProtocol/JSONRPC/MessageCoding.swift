import Foundation

/// One decoded incoming line.
public enum IncomingMessage: Sendable {
    case request(id: RequestID, request: any RPCRequest)
    case notification(any RPCNotification)
    /// A success response; its `result` is decoded by the request waiting for it.
    case response(id: RequestID)
    case errorResponse(id: RequestID?, error: RPCError)
    /// A request this side cannot serve: unknown method (-32601) or bad params (-32602).
    case unservableRequest(id: RequestID, method: String, error: RPCError)
    /// A notification with an unknown method or bad params; ignored by the receiver.
    case unservableNotification(method: String, reason: String)
}

/// Why a line is not a JSON-RPC 2.0 message.
public struct MalformedMessage: Error, Sendable, CustomStringConvertible {
    public var code: ErrorCode
    public var reason: String
    public var description: String { reason }
}

extension CodingUserInfoKey {
    fileprivate static let messageRegistry = CodingUserInfoKey(rawValue: "kidneyhub.messageRegistry")!
}

/// Decodes protocol lines in one pass: `params` go straight into their registered type.
public struct MessageDecoder: Sendable {
    private let decoder: JSONDecoder
    private let acceptsSubmissions: Bool

    public init(registry: MessageRegistry) {
        let decoder = JSONDecoder()
        decoder.userInfo[.messageRegistry] = registry
        self.decoder = decoder
        self.acceptsSubmissions = registry.requestType(for: SubmitMeasurementsRequest.method) != nil
    }

    /// Decodes one line; throws `MalformedMessage` when it is not a JSON-RPC 2.0 message.
    public func decode(_ line: [UInt8]) throws(MalformedMessage) -> IncomingMessage {
        if acceptsSubmissions, let fast = SubmitFastPath.decode(line) { return fast }
        let data = Data(line)
        do {
            return try decoder.decode(IncomingEnvelope.self, from: data).message
        } catch let error as MalformedMessage {
            throw error
        } catch {
            if (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) == nil {
                throw MalformedMessage(code: .parseError, reason: "not JSON")
            }
            throw MalformedMessage(code: .invalidRequest, reason: "not a JSON-RPC 2.0 message: \(error)")
        }
    }

    /// Decodes the `result` of a success response line into the type the request expects.
    public func decodeResult<Result: Decodable>(_ type: Result.Type, from line: [UInt8]) throws -> Result {
        try decoder.decode(ResultEnvelope<Result>.self, from: Data(line)).result
    }
}

private struct ResultEnvelope<Result: Decodable>: Decodable {
    var result: Result
}

private struct IncomingEnvelope: Decodable {
    var message: IncomingMessage

    enum CodingKeys: String, CodingKey {
        case jsonrpc, id, method, params, result, error
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard (try? container.decode(String.self, forKey: .jsonrpc)) == "2.0" else {
            throw MalformedMessage(code: .invalidRequest, reason: "\"jsonrpc\" is not \"2.0\"")
        }
        let id: RequestID?
        do {
            id = try container.decodeIfPresent(RequestID.self, forKey: .id)
        } catch {
            throw MalformedMessage(code: .invalidRequest, reason: "\"id\" is neither a number nor a string")
        }
        guard let registry = decoder.userInfo[.messageRegistry] as? MessageRegistry else {
            throw MalformedMessage(code: .internalError, reason: "no message registry")
        }
        if let method = try? container.decode(String.self, forKey: .method) {
            message = Self.call(method: method, id: id, container: container, registry: registry)
        } else if let id, container.contains(.result) {
            message = .response(id: id)
        } else if let error = try? container.decode(RPCError.self, forKey: .error) {
            message = .errorResponse(id: id, error: error)
        } else {
            throw MalformedMessage(code: .invalidRequest, reason: "neither a request, a notification nor a response")
        }
    }

    private static func call(
        method: String,
        id: RequestID?,
        container: KeyedDecodingContainer<CodingKeys>,
        registry: MessageRegistry
    ) -> IncomingMessage {
        if let id {
            guard let type = registry.requestType(for: method) else {
                return .unservableRequest(
                    id: id,
                    method: method,
                    error: RPCError(.methodNotFound, "Method not found: \(method)")
                )
            }
            do {
                return .request(id: id, request: try decodeParams(type, container: container))
            } catch {
                return .unservableRequest(
                    id: id,
                    method: method,
                    error: RPCError(.invalidParams, "Invalid params for \(method): \(describe(error))")
                )
            }
        }
        guard let type = registry.notificationType(for: method) else {
            return .unservableNotification(method: method, reason: "unknown method")
        }
        do {
            return .notification(try decodeParams(type, container: container))
        } catch {
            return .unservableNotification(method: method, reason: describe(error))
        }
    }

    /// Params may be omitted when the message has none, so an absent `params` decodes as `{}`.
    private static func decodeParams<T: Decodable>(_ type: T.Type, container: KeyedDecodingContainer<CodingKeys>)
        throws -> T
    {
        if container.contains(.params) {
            return try container.decode(type, forKey: .params)
        }
        return try JSONDecoder().decode(type, from: Data("{}".utf8))
    }
}

/// A decoding error in a sentence that names the path to the bad field.
func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func path(_ context: DecodingError.Context) -> String {
        // Params decoded from the envelope have the envelope's `params` key first: drop it, or
        // every path would read `params.params.…` (omitted params, decoded from `{}`, have none).
        let codingPath =
            context.codingPath.first?.stringValue == "params"
            ? context.codingPath.dropFirst() : context.codingPath[...]
        let keys = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return keys.isEmpty ? "params" : "params\(keys)"
    }
    switch error {
    case .keyNotFound(let key, let context): return "\(path(context)).\(key.stringValue) is missing"
    case .typeMismatch(_, let context): return "\(path(context)) has the wrong type"
    case .valueNotFound(_, let context): return "\(path(context)) is null"
    case .dataCorrupted(let context): return "\(path(context)): \(context.debugDescription)"
    @unknown default: return "\(error)"
    }
}

/// Encodes outgoing messages as compact single-line JSON plus the line feed.
public struct MessageEncoder: Sendable {
    private let encoder: JSONEncoder

    public init() {
        let encoder = JSONEncoder()
        // Compact output never holds a raw line feed; unescaped slashes keep UCUM codes readable.
        encoder.outputFormatting = [.withoutEscapingSlashes]
        self.encoder = encoder
    }

    /// A request line.
    public func request<R: RPCRequest>(_ request: R, id: RequestID) throws -> [UInt8] {
        if let submit = request as? SubmitMeasurementsRequest { return SubmitFastPath.encode(submit, id: id) }
        return try line(OutgoingRequest(id: id, method: R.method, params: request))
    }

    /// A notification line.
    public func notification<N: RPCNotification>(_ notification: N) throws -> [UInt8] {
        try line(OutgoingNotification(method: N.method, params: notification))
    }

    /// A success response line.
    public func response<Result: Encodable>(id: RequestID, result: Result) throws -> [UInt8] {
        try line(OutgoingResponse(id: id, result: result))
    }

    /// An error response line; `id` is nil only when the request's id could not be read.
    public func errorResponse(id: RequestID?, error: RPCError) throws -> [UInt8] {
        try line(OutgoingErrorResponse(id: id, error: error))
    }

    private func line(_ value: some Encodable) throws -> [UInt8] {
        var bytes = [UInt8](try encoder.encode(value))
        bytes.append(0x0A)
        return bytes
    }
}

private struct OutgoingRequest<Params: Encodable>: Encodable {
    var jsonrpc = "2.0"
    var id: RequestID
    var method: String
    var params: Params
}

private struct OutgoingNotification<Params: Encodable>: Encodable {
    var jsonrpc = "2.0"
    var method: String
    var params: Params
}

private struct OutgoingResponse<Result: Encodable>: Encodable {
    var jsonrpc = "2.0"
    var id: RequestID
    var result: Result
}

private struct OutgoingErrorResponse: Encodable {
    var jsonrpc = "2.0"
    var id: RequestID?
    var error: RPCError

    enum CodingKeys: String, CodingKey { case jsonrpc, id, error }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(jsonrpc, forKey: .jsonrpc)
        // JSON-RPC 2.0 §5: the id is null when it could not be determined.
        if let id { try container.encode(id, forKey: .id) } else { try container.encodeNil(forKey: .id) }
        try container.encode(error, forKey: .error)
    }
}
