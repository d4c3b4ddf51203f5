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

    init(store: CareStore, interval: Duration, logger: Logger) {
        self.store = store
        self.interval = interval
        self.logger = logger
    }

    func record(_ event: AuditEvent) {
        pending.append(event)
    }

    /// The batch being written, if any: its events are no longer in `pending`.
    private var writing: Task<Bool, Never>?

    /// Stores what is pending now; on failure the events are kept for the next try. Returns only when every event
    /// recorded before the call is stored: a write already under way (the periodic one) is waited for first, since
    /// the actor lets this call in while that write awaits the database.
    public func flush() async {
        while let running = writing { _ = await running.value }
        guard !pending.isEmpty else { return }
        let batch = pending
        pending.removeAll(keepingCapacity: true)
        let store = store
        let write = Task { (try? await store.appendAudit(batch)) != nil }
        writing = write
        let stored = await write.value
        writing = nil
        if !stored {
            pending.insert(contentsOf: batch, at: 0)
            logger.error("audit log write failed; \(batch.count) events kept for the next try")
        }
    }

    public func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while true {
                try await Task.sleep(for: self.interval)
                await self.flush()
            }
        }
        await flush()
    }
}
