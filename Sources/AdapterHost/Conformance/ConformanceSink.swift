import AdapterProtocol
import Synchronization

/// Plays the hub's side of `measurements/submit` for the conformance checks (adapter-protocol.md
/// §10): acknowledges batches without storing them, refuses one on purpose when a check asks, and
/// records every batch as it arrived so a check can see what the adapter sent again and when.
final class ConformanceSink: MeasurementSink {
    /// The refusal a check plays once.
    enum Refusal: Sendable, Equatable {
        case none
        /// The first batch, with `-32603` and `retryable: true` (check `batch-acknowledgement`).
        case retryableOnce
        /// Record 0 of the first batch that has records, as invalid (§5.4, check `invalid-records`).
        case firstRecordInvalid
        /// Every record of the first batch that has records and a cursor (§5.1, check `cursor-only-batch`).
        case allRecordsInvalid
    }

    /// One batch as the sink saw it arrive (inside the window).
    struct Arrival: Sendable {
        var batchId: String
        var recordIds: [String]
        var cursor: String?
        var hasDevice: Bool
        var at: ContinuousClock.Instant
    }

    struct Observations: Sendable {
        var arrivals: [Arrival] = []
        /// Batches acknowledged.
        var batches = 0
        /// Batches answered -32010 for overrunning the window.
        var windowExceeded = 0
        /// Record counts of batches refused for holding more than `maxBatchRecords`.
        var oversized: [Int] = []
        /// The batch refused on purpose, as it first arrived.
        var refused: Arrival?
        var acceptedBatchIds: Set<String> = []

        /// Batches that arrived after `instant`.
        func arrivals(after instant: ContinuousClock.Instant) -> Int {
            arrivals.filter { $0.at > instant }.count
        }

        /// The batches sent again under the refused batch's id, after it.
        var resent: [Arrival] {
            guard let refused else { return [] }
            return arrivals.filter { $0.batchId == refused.batchId && $0.at > refused.at }
        }
    }

    private struct State {
        var observations = Observations()
        var ackDelay: Duration = .zero
        var refusal = Refusal.none
    }
    private let state = Mutex(State())

    func setAckDelay(_ delay: Duration) { state.withLock { $0.ackDelay = delay } }
    func refuse(_ refusal: Refusal) { state.withLock { $0.refusal = refusal } }
    func noteWindowExceeded() { state.withLock { $0.observations.windowExceeded += 1 } }
    func noteOversized(_ records: Int) { state.withLock { $0.observations.oversized.append(records) } }
    func snapshot() -> Observations { state.withLock { $0.observations } }

    func prepare(_ request: SubmitMeasurementsRequest, from adapterId: String) -> Result<PreparedBatch, RPCError> {
        let arrival = Arrival(
            batchId: request.batchId,
            recordIds: request.records.map { $0.sourceRecordId ?? "" },
            cursor: request.cursor,
            hasDevice: request.device != nil,
            at: .now
        )
        let refusal = state.withLock { state -> RPCError? in
            state.observations.arrivals.append(arrival)
            guard state.observations.refused == nil, !request.records.isEmpty else { return nil }
            switch state.refusal {
            case .none, .retryableOnce:
                return nil
            case .firstRecordInvalid:
                state.observations.refused = arrival
                return .invalidRecords([Self.refusedRecord(0, of: request)])
            case .allRecordsInvalid:
                guard request.cursor != nil else { return nil }
                state.observations.refused = arrival
                return .invalidRecords(request.records.indices.map { Self.refusedRecord($0, of: request) })
            }
        }
        if let refusal { return .failure(refusal) }
        return .success(PreparedBatch(request: request, adapterId: adapterId, ingest: nil))
    }

    private static func refusedRecord(_ index: Int, of request: SubmitMeasurementsRequest) -> InvalidRecord {
        InvalidRecord(
            index: index,
            sourceRecordId: request.records[index].sourceRecordId,
            field: "value",
            reason: "refused by the conformance checker, to see that the adapter drops it "
                + "(adapter protocol, section 5.4)"
        )
    }

    func commit(_ batch: PreparedBatch) async -> Result<SubmitMeasurementsResult, RPCError> {
        let request = batch.request
        let (delay, refuse) = state.withLock { state -> (Duration, Bool) in
            let refuse = state.refusal == .retryableOnce && state.observations.refused == nil
            if refuse {
                state.observations.refused = state.observations.arrivals.last { $0.batchId == request.batchId }
            }
            return (state.ackDelay, refuse)
        }
        try? await Task.sleep(for: delay)
        if refuse {
            // A failed write (-32603, retryable) is a refusal an adapter must answer by sending again.
            return .failure(RPCError(.internalError, "refused once by the conformance suite", retryable: true))
        }
        state.withLock {
            $0.observations.batches += 1
            $0.observations.acceptedBatchIds.insert(request.batchId)
        }
        return .success(
            SubmitMeasurementsResult(batchId: request.batchId, stored: request.records.count, duplicates: 0)
        )
    }
}
