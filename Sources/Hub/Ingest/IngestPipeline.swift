import AdapterProtocol
import Foundation
import HubCore
import HubStore
import Logging

/// The ingest path of architecture.md: validate → normalize → store the batch in one
/// transaction → acknowledge → post-commit hook.
public struct IngestPipeline: MeasurementSink {
    public let store: HubDatabase
    public let hook: any PostCommitHook
    private let logger = Logger(label: "kidneyhub.ingest")

    public init(store: HubDatabase, hook: any PostCommitHook = NoPostCommitWork()) {
        self.store = store
        self.hook = hook
    }

    public func submit(_ request: SubmitMeasurementsRequest, from adapterId: String) async -> Result<
        SubmitMeasurementsResult, RPCError
    > {
        let batch: IngestBatch
        switch RecordValidation.validate(request, adapterId: adapterId) {
        case .success(let valid):
            batch = valid
        case .failure(let error):
            logger.warning(
                "refused batch \(request.batchId) from \(adapterId): \(error.invalidRecords.map { "#\($0.index) \($0.field): \($0.reason)" })"
            )
            return .failure(error)
        }
        let outcome: IngestOutcome
        do {
            outcome = try await store.ingest(batch)
        } catch {
            // Nothing was stored (one transaction), so the adapter may safely send it again.
            logger.error("could not store batch \(request.batchId) from \(adapterId): \(error)")
            return .failure(
                RPCError(.internalError, "Internal error: the batch could not be stored: \(error)", retryable: true)
            )
        }
        await hook.didCommit(outcome, device: batch.device)
        return .success(
            SubmitMeasurementsResult(batchId: request.batchId, stored: outcome.stored, duplicates: outcome.duplicates)
        )
    }
}
