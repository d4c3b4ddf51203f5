import AdapterProtocol
import Foundation
import HubCore
import HubRecords
import HubStore
import Logging

/// The ingest path of architecture.md: validate → normalize → store the batch in one
/// transaction → acknowledge → post-commit hook.
public struct IngestPipeline: MeasurementSink {
    public let store: HubDatabase
    private let hooks: PostCommitQueue
    private let terms = TermsGate()
    private let logger = Logger(label: "kidneyhub.ingest")

    public init(store: HubDatabase, hook: any PostCommitHook = NoPostCommitWork()) {
        self.store = store
        self.hooks = PostCommitQueue(hook)
    }

    /// Returns once the post-commit hook has finished with every batch committed so far.
    public func drainPostCommitWork() async {
        await hooks.drain()
    }

    public func prepare(_ request: SubmitMeasurementsRequest, from adapterId: String) -> Result<PreparedBatch, RPCError>
    {
        switch RecordValidation.validate(request, adapterId: adapterId) {
        case .success(let batch):
            return .success(PreparedBatch(request: request, adapterId: adapterId, ingest: batch))
        case .failure(let error):
            let problems = error.invalidRecords.map { "#\($0.index) \($0.field): \($0.reason)" }
            logger.warning("refused batch \(request.batchId) from \(adapterId): \(problems)")
            return .failure(error)
        }
    }

    public func commit(_ prepared: PreparedBatch) async -> Result<SubmitMeasurementsResult, RPCError> {
        await commitWithOutcome(prepared).map(\.result)
    }

    /// Like `commit`, with the store's outcome too (per-kind counts for an import's summary).
    func commitWithOutcome(_ prepared: PreparedBatch) async
        -> Result<(result: SubmitMeasurementsResult, outcome: IngestOutcome), RPCError>
    {
        guard var batch = prepared.ingest else {
            return .failure(RPCError(.internalError, "Internal error: the batch was not prepared for storing"))
        }
        // Nothing that records patient data works before the current terms are accepted (issue 4).
        if let refusal = await terms.refusal(store) { return .failure(refusal) }
        batch.cursor = prepared.cursor
        let outcome: IngestOutcome
        do {
            outcome = try await store.ingest(batch)
        } catch {
            // Nothing was stored (one transaction), so the adapter may safely send it again.
            logger.error("could not store batch \(prepared.request.batchId) from \(prepared.adapterId): \(error)")
            return .failure(
                RPCError(.internalError, "Internal error: the batch could not be stored: \(error)", retryable: true)
            )
        }
        hooks.enqueue(outcome, device: batch.device)
        let conflicts = outcome.conflicts.map {
            RecordConflict(index: $0.index, sourceRecordId: $0.sourceRecordId, reason: $0.reason)
        }
        let result = SubmitMeasurementsResult(
            batchId: prepared.request.batchId,
            stored: outcome.stored,
            duplicates: outcome.duplicates,
            conflicts: conflicts.isEmpty ? nil : conflicts
        )
        return .success((result, outcome))
    }
}
