import AdapterProtocol
import Synchronization

/// What one conformance session saw besides answers to its requests: `$/progress` tokens, and
/// responses to no request of the checker (the `id: null` errors of adapter-protocol.md §2).
final class SessionLog: Sendable {
    private struct State {
        var progressTokens: [String] = []
        var unsolicitedErrors: [(id: RequestID?, code: ErrorCode)] = []
        var unsolicitedResponses: [RequestID?] = []
    }
    private let state = Mutex(State())

    func noteProgress(token: String) { state.withLock { $0.progressTokens.append(token) } }
    func noteUnsolicitedError(id: RequestID?, code: ErrorCode) {
        state.withLock { $0.unsolicitedErrors.append((id, code)) }
    }
    func noteUnsolicitedResponse(id: RequestID?) { state.withLock { $0.unsolicitedResponses.append(id) } }

    var progressTokens: [String] { state.withLock { $0.progressTokens } }
    var unsolicitedErrorCodes: [ErrorCode] { state.withLock { $0.unsolicitedErrors.map(\.code) } }
    var unsolicitedResponses: [RequestID?] { state.withLock { $0.unsolicitedResponses } }

    /// Waits until `condition` holds or `limit` has passed, looking every 50 ms; true when it held.
    func wait(upTo limit: Duration, until condition: (SessionLog) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return condition(self)
    }
}

/// `ping` with its result read as any JSON, so the check can tell `{}` from `null` or anything else.
struct RawPingProbe: RPCRequest {
    static let method = "ping"
    typealias Result = JSONValue
}

/// `shutdown` with its result read as any JSON, so the check can tell `null` from `{}`.
struct RawShutdownProbe: RPCRequest {
    static let method = "shutdown"
    typealias Result = JSONValue
}

extension JSONValue {
    /// The value as compact JSON text, for a failure's sentence.
    var compactText: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? "\(Int64(value))" : "\(value)"
        case .string(let value): "\"\(value)\""
        case .array(let values): "[" + values.map(\.compactText).joined(separator: ",") + "]"
        case .object(let members):
            "{"
                + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value.compactText)" }
                .joined(separator: ",") + "}"
        }
    }
}
