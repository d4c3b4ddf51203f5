import AdapterProtocol
import HubStore

/// Where the hub sends an adapter's `measurements/submit` batches, in two steps so that the
/// next batch is checked while the previous one is being written.
///
/// The answer goes to the adapter as is, so `commit` answers only once the batch is durable
/// (adapter-protocol.md §5.1).
public protocol MeasurementSink: Sendable {
    /// Checks and normalizes a batch; no I/O.
    func prepare(_ request: SubmitMeasurementsRequest, from adapterId: String) -> Result<PreparedBatch, RPCError>
    /// Stores a prepared batch, or refuses it with the error the adapter should get.
    func commit(_ batch: PreparedBatch) async -> Result<SubmitMeasurementsResult, RPCError>
}

/// A batch that passed `prepare`, waiting to be written.
public struct PreparedBatch: Sendable {
    public var request: SubmitMeasurementsRequest
    public var adapterId: String
    /// What the store will write; nil for sinks that do not store.
    public var ingest: IngestBatch?
    /// The cursor to store with the batch; the hub may hold it back (see `CursorGuard`).
    public var cursor: String?

    public init(request: SubmitMeasurementsRequest, adapterId: String, ingest: IngestBatch?) {
        self.request = request
        self.adapterId = adapterId
        self.ingest = ingest
        self.cursor = request.cursor
    }
}

extension MeasurementSink {
    /// Both steps at once, for callers that have nothing to overlap.
    public func submit(_ request: SubmitMeasurementsRequest, from adapterId: String) async
        -> Result<SubmitMeasurementsResult, RPCError>
    {
        switch prepare(request, from: adapterId) {
        case .success(let batch): await commit(batch)
        case .failure(let error): .failure(error)
        }
    }
}
