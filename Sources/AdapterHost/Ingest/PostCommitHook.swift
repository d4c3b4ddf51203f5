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
                for (outcome, device) in backlog.takeAll() { await hook.didCommit(outcome, device: device) }
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

    /// The committed batches not yet passed to the hook.
    private final class Backlog: Sendable {
        private let entries = Mutex<[(IngestOutcome, HubRecords.DeviceIdentity)]>([])

        func append(_ outcome: IngestOutcome, device: HubRecords.DeviceIdentity) {
            entries.withLock { entries in
                // Merged with the previous entry when it is the same device's: still in commit order.
                if let last = entries.indices.last, entries[last].1 == device {
                    entries[last].0.absorb(outcome)
                } else {
                    entries.append((outcome, device))
                }
            }
        }

        func takeAll() -> [(IngestOutcome, HubRecords.DeviceIdentity)] {
            entries.withLock { entries in
                defer { entries.removeAll() }
                return entries
            }
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
