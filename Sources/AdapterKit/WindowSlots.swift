/// The hub's window of unacknowledged batches, shared by every submitter of one connection
/// (adapter-protocol.md §5.1: the window counts per connection, across devices).
actor WindowSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(capacity: Int) {
        free = max(1, capacity)
    }

    /// Takes a slot, waiting for one to be released when all are taken.
    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Gives a slot back, to the longest waiter if there is one.
    func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
