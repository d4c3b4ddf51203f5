/// A request: the conforming type is its `params`; `Result` is what the answer carries.
public protocol RPCRequest: Codable, Sendable {
    /// What a successful answer carries in `result`.
    associatedtype Result: Codable, Sendable
    /// The JSON-RPC method name.
    static var method: String { get }
}

/// A notification: the conforming type is its `params`; it is never answered.
public protocol RPCNotification: Codable, Sendable {
    /// The JSON-RPC method name.
    static var method: String { get }
}

/// The empty object `{}`, as the result of `ping` and the params of parameterless messages.
public struct EmptyObject: Codable, Sendable, Hashable {
    public init() {}
}

/// The JSON `null` result, as `shutdown` answers.
public struct NullResult: Codable, Sendable, Hashable {
    public init() {}
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard container.decodeNil() else {
            throw DecodingError.typeMismatch(
                NullResult.self,
                .init(codingPath: decoder.codingPath, debugDescription: "expected null")
            )
        }
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }
}
