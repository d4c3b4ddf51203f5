import Dispatch

/// Runs `body`, which blocks (opening a store, a synchronous SQLite read that may wait for another process's write),
/// on a Dispatch thread and awaits its result.
///
/// The cooperative pool has one thread per core (two on CI): a test that blocks two of them while a hub process holds
/// the store's write lock stalls every other test in the process, which then miss their timeouts.
public func offCooperativePool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: body()) }
    }
}
