import Dispatch

/// A serial queue that owns blocking D-Bus work, so async code can await it without blocking Swift's cooperative
/// thread pool (the calls wait on a socket for up to their timeout).
public final class DBusWorker: Sendable {
    private let queue: DispatchQueue

    public init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Runs `body` on the worker's queue and returns its result.
    public func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body() }) }
        }
    }
}
