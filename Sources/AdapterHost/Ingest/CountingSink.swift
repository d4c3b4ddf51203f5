import AdapterProtocol
import HubCore
import HubRecords
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
    /// Per adapter running an import: what its batches stored, per kind, and what the hub refused.
    private let imports = Mutex<[String: ImportTally]>([:])

    func startImportTally(adapterId: String) {
        imports.withLock { $0[adapterId] = ImportTally() }
    }

    @discardableResult
    func stopImportTally(adapterId: String) -> ImportTally {
        imports.withLock { $0.removeValue(forKey: adapterId) ?? ImportTally() }
    }

    init(_ pipeline: IngestPipeline) {
        self.pipeline = pipeline
    }

    /// Returns once the post-commit hook has finished with every batch committed so far.
    func drainPostCommitWork() async {
        await pipeline.drainPostCommitWork()
    }

    func startCounting(_ key: Key) {
        counts.withLock { $0[key] = Counts() }
    }

    /// What was counted for `key` so far, without stopping.
    func currentCounts(_ key: Key) -> Counts {
        counts.withLock { $0[key] ?? Counts() }
    }

    @discardableResult
    func stopCounting(_ key: Key) -> Counts {
        counts.withLock { $0.removeValue(forKey: key) ?? Counts() }
    }

    func prepare(_ request: SubmitMeasurementsRequest, from adapterId: String) -> Result<PreparedBatch, RPCError> {
        let prepared = pipeline.prepare(request, from: adapterId)
        if case .failure(let error) = prepared, !error.invalidRecords.isEmpty {
            imports.withLock { imports in
                guard imports[adapterId] != nil else { return }
                for invalid in error.invalidRecords {
                    let kind =
                        request.records.indices.contains(invalid.index) ? request.records[invalid.index].kind : nil
                    imports[adapterId]!.refused.append(
                        ImportTally.Refusal(
                            kind: kind ?? "unknown",
                            sourceRecordId: invalid.sourceRecordId,
                            field: invalid.field,
                            reason: invalid.reason
                        )
                    )
                }
            }
        }
        return prepared
    }

    func commit(_ batch: PreparedBatch) async -> Result<SubmitMeasurementsResult, RPCError> {
        let detailed = await pipeline.commitWithOutcome(batch)
        let result = detailed.map(\.result)
        if case .success(let (_, outcome)) = detailed {
            imports.withLock { imports in
                guard imports[batch.adapterId] != nil else { return }
                for conflict in outcome.conflicts {
                    let records = batch.request.records
                    let kind = records.indices.contains(conflict.index) ? records[conflict.index].kind : nil
                    imports[batch.adapterId]!.conflicts.append(
                        ImportTally.Conflict(
                            kind: kind ?? "unknown",
                            sourceRecordId: conflict.sourceRecordId,
                            reason: conflict.reason
                        )
                    )
                }
                for (kind, tally) in outcome.perKind {
                    imports[batch.adapterId]!.perKind[kind.rawValue, default: ImportTally.Counts()].stored +=
                        tally.stored
                    imports[batch.adapterId]!.perKind[kind.rawValue, default: ImportTally.Counts()].duplicates +=
                        tally.duplicates
                }
            }
        }
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
