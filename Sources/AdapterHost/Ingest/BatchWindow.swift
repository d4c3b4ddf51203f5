import Synchronization

/// Counts an adapter's unacknowledged batches against the window of adapter-protocol.md §5.1.
final class BatchWindow: Sendable {
    private let capacity: Int
    private let inFlight = Mutex(0)

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Takes a slot; false when the window is full.
    func tryAcquire() -> Bool {
        inFlight.withLock { count in
            guard count < capacity else { return false }
            count += 1
            return true
        }
    }

    /// Frees the slot of an answered batch.
    func release() {
        inFlight.withLock { $0 -= 1 }
    }
}
