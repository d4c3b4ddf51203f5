import HubRecords
import HubStore
import Synchronization

/// Runs the hook for committed batches, one call at a time and in commit order, apart from the
/// batches' acknowledgements: evaluating goals must never hold back an adapter's window.
///
/// Batches that commit while the hook is busy (an import commits hundreds a second) are passed to
/// its next call together, merged per device: the hook's fixed cost per call (loading the profile,
/// its goals and their windows) is then paid once per backlog instead of once per batch.
final class PostCommitQueue: Sendable {
    private let backlog: Backlog
    private let wake: AsyncStream<Void>.Continuation

    init(_ hook: any PostCommitHook) {
        let backlog = Backlog()
        let (signals, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        self.backlog = backlog
        self.wake = wake
        Task {
            for await _ in signals {
                while let work = backlog.takeAll() {
                    for (outcome, device) in work { await hook.didCommit(outcome, device: device) }
                }
            }
        }
    }

    deinit {
        wake.finish()
    }

    func enqueue(_ outcome: IngestOutcome, device: HubRecords.DeviceIdentity) {
        backlog.append(outcome, device: device)
        wake.yield()
    }

    /// Returns once the hook has finished with every batch enqueued so far: a process that stops its hub and exits
    /// (a one-shot import) must not leave an alert for a stored reading unraised.
    func drain() async {
        await withCheckedContinuation { backlog.whenIdle($0) }
    }

    /// The committed batches not yet passed to the hook, and who waits for the hook to finish them.
    private final class Backlog: Sendable {
        private struct State {
            var entries: [(IngestOutcome, HubRecords.DeviceIdentity)] = []
            /// Whether the hook is working on batches taken from `entries`.
            var busy = false
            var idleWaiters: [CheckedContinuation<Void, Never>] = []
        }
        private let state = Mutex(State())

        func append(_ outcome: IngestOutcome, device: HubRecords.DeviceIdentity) {
            state.withLock { state in
                // Merged with the previous entry when it is the same device's: still in commit order.
                if let last = state.entries.indices.last, state.entries[last].1 == device {
                    state.entries[last].0.absorb(outcome)
                } else {
                    state.entries.append((outcome, device))
                }
            }
        }

        /// Every waiting batch, marking the hook busy with them; nil (and idle, waking the waiters) when none wait.
        func takeAll() -> [(IngestOutcome, HubRecords.DeviceIdentity)]? {
            let (work, waiters) = state.withLock { state in
                guard state.entries.isEmpty else {
                    state.busy = true
                    defer { state.entries.removeAll() }
                    return (Optional(state.entries), [CheckedContinuation<Void, Never>]())
                }
                state.busy = false
                defer { state.idleWaiters.removeAll() }
                return (nil, state.idleWaiters)
            }
            for waiter in waiters { waiter.resume() }
            return work
        }

        /// Resumes `waiter` at once when nothing waits and the hook is idle, else when that is so.
        func whenIdle(_ waiter: CheckedContinuation<Void, Never>) {
            let idle = state.withLock { state in
                if state.entries.isEmpty && !state.busy { return true }
                state.idleWaiters.append(waiter)
                return false
            }
            if idle { waiter.resume() }
        }
    }
}

extension IngestOutcome {
    /// Adds a later batch's outcome to this one, as if both had been one batch.
    mutating func absorb(_ later: IngestOutcome) {
        stored += later.stored
        duplicates += later.duplicates
        storedIds += later.storedIds
        touchedKinds.formUnion(later.touchedKinds)
        for (kind, tally) in later.perKind {
            perKind[kind, default: KindTally()].stored += tally.stored
            perKind[kind, default: KindTally()].duplicates += tally.duplicates
        }
    }
}
