import AdapterProtocol

/// Where the hub sends an adapter's `measurements/submit` batches.
///
/// The answer is sent to the adapter as is, so an implementation answers only after the batch
/// is durable (adapter-protocol.md §5.1).
public protocol MeasurementSink: Sendable {
    /// Stores a batch, or refuses it with the error the adapter should get.
    func submit(_ request: SubmitMeasurementsRequest, from adapterId: String) async -> Result<
        SubmitMeasurementsResult, RPCError
    >
}
