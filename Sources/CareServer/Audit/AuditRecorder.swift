import CareServerStore
import Logging
import ServiceLifecycle

/// Collects the audit events of reads and stores them in batches (one transaction every `interval`, and at
/// shutdown), so that reading a record does not wait for a durable write. Writes record their audit event in their
/// own transaction instead (`CareStore`).
public actor AuditRecorder: Service {
    private let store: CareStore
    private let interval: Duration
    private let logger: Logger
    private var pending: [AuditEvent] = []

    /// The newest batch write. Each write first waits for the one before it, so when a write has ended every
    /// batch taken before it has been stored (or given back to `pending`).
    private var lastWrite: Task<Void, Never>?

    init(store: CareStore, interval: Duration, logger: Logger) {
        self.store = store
        self.interval = interval
        self.logger = logger
    }

    func record(_ event: AuditEvent) {
        pending.append(event)
    }

    /// Stores what is pending now; on failure the events are kept for the next try. Returns only when every event
    /// recorded before the call is stored, including those a write already under way (the periodic one) took.
    ///
    /// The waiting happens in the chained write task, never in a loop on this actor: a flush that looped here on
    /// a finished write's value kept the actor from the writer that had to clear it, and spun for good.
    public func flush() async {
        let batch = pending
        pending.removeAll(keepingCapacity: true)
        let previous = lastWrite
        let store = store
        let write = Task {  // isolated to this actor, like the method that makes it
            await previous?.value
            guard !batch.isEmpty else { return }
            if (try? await store.appendAudit(batch)) == nil { giveBack(batch) }
        }
        lastWrite = write
        await write.value
    }

    /// Puts a batch whose write failed back in front of the pending events.
    private func giveBack(_ batch: [AuditEvent]) {
        pending.insert(contentsOf: batch, at: 0)
        logger.error("audit log write failed; \(batch.count) events kept for the next try")
    }

    public func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while true {
                try await Task.sleep(for: self.interval)
                await self.flush()
            }
        }
        // A graceful shutdown stops the services in reverse order, so the database client still runs and the last
        // batch is stored. A cancellation stops them all at once: the client may be gone, and a flush would wait for
        // it for good (a test's server never stopped), so the loss is said instead.
        guard !Task.isCancelled else {
            if !pending.isEmpty {
                logger.error("cancelled without a graceful shutdown: \(pending.count) audit events not stored")
            }
            return
        }
        await flush()
    }
}
