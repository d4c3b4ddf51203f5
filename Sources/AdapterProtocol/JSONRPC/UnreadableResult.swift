/// An answer whose `result` does not have the shape of its method's result (adapter-protocol.md
/// §2–§4): says which method and which member, in a sentence, instead of a raw `DecodingError`.
public struct UnreadableResult: Error, Sendable, CustomStringConvertible {
    /// The method whose answer could not be read, e.g. `shutdown`.
    public var method: String
    /// What was wrong, naming the member: "result has the wrong type (expected null)".
    public var reason: String

    public init(method: String, reason: String) {
        self.method = method
        self.reason = reason
    }

    /// Wraps a decoding failure of the answer to `method`.
    public init(method: String, error: any Error) {
        self.init(method: method, reason: Self.reason(error))
    }

    public var description: String { "the answer to \(method) could not be read: \(reason)" }

    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.hasPrefix(".result") ? String(keys.dropFirst()) : "result\(keys)"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context)).\(key.stringValue) is missing"
        case .typeMismatch(let type, let context):
            return "\(path(context)) has the wrong type (expected \(expected(type, context)))"
        case .valueNotFound(let type, let context):
            return "\(path(context)) is null (expected \(expected(type, context)))"
        case .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func expected(_ type: Any.Type, _ context: DecodingError.Context) -> String {
        switch type {
        case is NullResult.Type: "null"
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is Int.Type, is Double.Type: "a number"
        default:
            context.debugDescription.lowercased().contains("dictionary") ? "an object" : "\(type)"
        }
    }
}
