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

    /// Stores what is pending now; on failure the events are kept for the next try.
    public func flush() async {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending.removeAll(keepingCapacity: true)
        do {
            try await store.appendAudit(batch)
        } catch {
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
