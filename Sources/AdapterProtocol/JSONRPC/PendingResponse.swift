import Synchronization

/// The answer to a request that was sent and not yet answered.
///
/// Returned by `JSONRPCConnection.start`, which queues the request at once, so that requests
/// started one after another reach the peer in that order even if their answers are awaited
/// elsewhere.
public struct PendingResponse<Result: Decodable & Sendable>: Sendable {
    let id: RequestID
    /// The request's method, to name it when its answer cannot be read.
    let method: String
    let promise: ResponsePromise
    let decoder: MessageDecoder
    let connection: JSONRPCConnection

    /// Waits for the answer. Cancelling the waiting task sends `$/cancelRequest` and keeps
    /// waiting, since the peer must still answer (adapter-protocol.md §6).
    public func value() async throws -> Result {
        let line = try await withTaskCancellationHandler {
            try await promise.value()
        } onCancel: { [connection, id] in
            Task { await connection.cancel(id) }
        }
        do {
            return try decoder.decodeResult(Result.self, from: line)
        } catch {
            throw UnreadableResult(method: method, error: error)
        }
    }
}

/// A one-shot result that any number of tasks can wait for.
final class ResponsePromise: Sendable {
    private enum State {
        case waiting([CheckedContinuation<[UInt8], any Error>])
        case done(Result<[UInt8], any Error>)
    }
    private let state = Mutex<State>(.waiting([]))

    func fulfil(_ result: Result<[UInt8], any Error>) {
        let waiters: [CheckedContinuation<[UInt8], any Error>] = state.withLock { state in
            guard case .waiting(let waiters) = state else { return [] }
            state = .done(result)
            return waiters
        }
        for waiter in waiters { waiter.resume(with: result) }
    }

    func value() async throws -> [UInt8] {
        try await withCheckedThrowingContinuation { continuation in
            let finished: Result<[UInt8], any Error>? = state.withLock { state in
                switch state {
                case .waiting(let waiters):
                    state = .waiting(waiters + [continuation])
                    return nil
                case .done(let result):
                    return result
                }
            }
            if let finished { continuation.resume(with: finished) }
        }
    }
}
