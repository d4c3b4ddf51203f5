/// A JSON-RPC error code; open, so that codes this version does not name still decode.
public struct ErrorCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    // JSON-RPC 2.0 §5.1.
    public static let parseError = ErrorCode(rawValue: -32700)
    public static let invalidRequest = ErrorCode(rawValue: -32600)
    public static let methodNotFound = ErrorCode(rawValue: -32601)
    public static let invalidParams = ErrorCode(rawValue: -32602)
    public static let internalError = ErrorCode(rawValue: -32603)
    // Borrowed from LSP 3.17 (adapter-protocol.md §8).
    public static let notInitialized = ErrorCode(rawValue: -32002)
    public static let requestCancelled = ErrorCode(rawValue: -32800)
    public static let requestFailed = ErrorCode(rawValue: -32803)
    // KidneyHub's application range (adapter-protocol.md §8).
    public static let deviceNotFound = ErrorCode(rawValue: -32000)
    public static let deviceBusy = ErrorCode(rawValue: -32001)
    public static let permissionDenied = ErrorCode(rawValue: -32003)
    public static let unsupportedDevice = ErrorCode(rawValue: -32004)
    public static let pairingFailed = ErrorCode(rawValue: -32005)
    public static let deviceDisconnected = ErrorCode(rawValue: -32006)
    public static let fileUnreadable = ErrorCode(rawValue: -32007)
    public static let tooManyUnacknowledgedBatches = ErrorCode(rawValue: -32010)
    public static let hubShuttingDown = ErrorCode(rawValue: -32011)

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { "\(rawValue)" }
}

/// A JSON-RPC error object. `data.retryable` is always present on the wire (adapter-protocol.md §8).
public struct RPCError: Error, Codable, Sendable, Hashable, CustomStringConvertible {
    public var code: ErrorCode
    public var message: String
    public var data: JSONValue

    /// Creates an error; `retryable` and any `details` members become `data`.
    public init(_ code: ErrorCode, _ message: String, retryable: Bool = false, details: [String: JSONValue] = [:]) {
        self.code = code
        self.message = message
        var members = details
        members["retryable"] = .bool(retryable)
        self.data = .object(members)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decode(ErrorCode.self, forKey: .code)
        message = try container.decode(String.self, forKey: .message)
        data = try container.decodeIfPresent(JSONValue.self, forKey: .data) ?? .null
    }

    /// Whether sending the same request again later may succeed.
    public var retryable: Bool { data["retryable"]?.boolValue ?? false }

    public var description: String { "\(message) (\(code))" }

    /// The error every request still pending gets when its connection closes.
    public static func connectionClosed(_ reason: String) -> RPCError {
        RPCError(.internalError, "connection closed: \(reason)", retryable: true, details: ["connectionClosed": true])
    }

    /// Whether this error means the peer went away before answering, not that it refused.
    public var isConnectionClosed: Bool { data["connectionClosed"]?.boolValue == true }
}
