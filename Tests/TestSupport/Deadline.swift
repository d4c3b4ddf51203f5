import Synchronization

/// Runs `operation` and returns its result, or throws `EventuallyTimedOut` naming `what` once `limit` passes first.
///
/// Unlike a task group with a timer, this does not wait for the operation to notice cancellation: an await that can
/// never end (a stream nobody finishes, a server's graceful shutdown waiting on a request that hangs) is cancelled and
/// left behind, and the test fails at this line, saying what never happened, instead of hanging the whole run. Waits
/// in the care-team harness that depend on another party (a server starting or stopping, a child process ending) go
/// through this, so that a lost cluster or a stuck shutdown names itself.
public func within<T: Sendable>(
    _ limit: Duration,
    _ what: @autoclosure () -> String,
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let outcome = FirstOutcome<T>()
    let work = Task { outcome.resolve(await Result(awaiting: operation)) }
    let timer = Task {
        try? await Task.sleep(for: limit)
        outcome.resolve(nil)
    }
    let result = await outcome.value()
    timer.cancel()
    guard let result else {
        work.cancel()
        throw EventuallyTimedOut(what: what(), waited: limit)
    }
    return try result.get()
}

/// The first of the operation's result and the timer's nil, handed to one waiter.
private final class FirstOutcome<T: Sendable>: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Result<T, any Error>?, Never>?)
        case resolved(Result<T, any Error>?)
    }

    private let state = Mutex<State>(.waiting(nil))

    /// Keeps the first outcome; later ones are dropped.
    func resolve(_ outcome: Result<T, any Error>?) {
        let waiter: CheckedContinuation<Result<T, any Error>?, Never>? = state.withLock { state in
            guard case .waiting(let waiter) = state else { return nil }
            state = .resolved(outcome)
            return waiter
        }
        waiter?.resume(returning: outcome)
    }

    /// Waits for the first outcome (nil: the timer came first).
    func value() async -> Result<T, any Error>? {
        await withCheckedContinuation { continuation in
            let ready: Result<T, any Error>?? = state.withLock { state in
                switch state {
                case .resolved(let outcome): return .some(outcome)
                case .waiting:
                    state = .waiting(continuation)
                    return .none
                }
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}

extension Result where Failure == any Error {
    /// The result of an async throwing body.
    fileprivate init(awaiting body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
