import AdapterProtocol
import Synchronization

/// Passes batches to the ingest pipeline and counts, per device being synced, what they stored,
/// so a sync can report its totals across adapter restarts.
final class CountingSink: MeasurementSink {
    struct Key: Hashable, Sendable {
        var adapterId: String
        var deviceId: String
    }

    struct Counts: Sendable, Hashable {
        var stored = 0
        var duplicates = 0
    }

    private let pipeline: IngestPipeline
    private let counts = Mutex<[Key: Counts]>([:])

    init(_ pipeline: IngestPipeline) {
        self.pipeline = pipeline
    }

    func startCounting(_ key: Key) {
        counts.withLock { $0[key] = Counts() }
    }

    @discardableResult
    func stopCounting(_ key: Key) -> Counts {
        counts.withLock { $0.removeValue(forKey: key) ?? Counts() }
    }

    func prepare(_ request: SubmitMeasurementsRequest, from adapterId: String) -> Result<PreparedBatch, RPCError> {
        pipeline.prepare(request, from: adapterId)
    }

    func commit(_ batch: PreparedBatch) async -> Result<SubmitMeasurementsResult, RPCError> {
        let result = await pipeline.commit(batch)
        if case .success(let ack) = result, let deviceId = batch.request.device?.deviceId {
            counts.withLock { counts in
                let key = Key(adapterId: batch.adapterId, deviceId: deviceId)
                guard var entry = counts[key] else { return }
                entry.stored += ack.stored
                entry.duplicates += ack.duplicates
                counts[key] = entry
            }
        }
        return result
    }
}
