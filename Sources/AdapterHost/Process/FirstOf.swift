import Synchronization

/// Waits for `operation` at most `limit`; nil when time ran out first.
///
/// Unlike a task group, it returns as soon as the deadline passes even if the operation ignores
/// cancellation (waiting on a `Task`'s value, a blocked write): the operation is left to finish
/// on its own, and its result is dropped.
func firstOf<T: Sendable>(_ operation: @escaping @Sendable () async -> T, orAfter limit: Duration) async -> T? {
    let outcome = OneShot<T?>()
    let work = Task { outcome.resolve(await operation()) }
    let timer = Task {
        try? await Task.sleep(for: limit)
        outcome.resolve(nil)
    }
    let result = await outcome.value()
    timer.cancel()
    if result == nil { work.cancel() }
    return result
}

/// A value set once, by whichever party comes first, that any number of tasks can wait for.
final class OneShot<T: Sendable>: Sendable {
    private enum State {
        case waiting([CheckedContinuation<T, Never>])
        case resolved(T)
    }
    private let state = Mutex<State>(.waiting([]))

    /// Sets the value; later calls do nothing.
    func resolve(_ value: T) {
        let waiters: [CheckedContinuation<T, Never>] = state.withLock { state in
            guard case .waiting(let waiters) = state else { return [] }
            state = .resolved(value)
            return waiters
        }
        for waiter in waiters { waiter.resume(returning: value) }
    }

    func value() async -> T {
        await withCheckedContinuation { continuation in
            let resolved: T? = state.withLock { state in
                switch state {
                case .waiting(let waiters):
                    state = .waiting(waiters + [continuation])
                    return nil
                case .resolved(let value):
                    return value
                }
            }
            if let resolved { continuation.resume(returning: resolved) }
        }
    }
}
