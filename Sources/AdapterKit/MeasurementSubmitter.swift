import AdapterProtocol

/// Sends one device's records to the hub as `measurements/submit` batches (adapter-protocol.md §5).
///
/// Every submitter of a connection shares the hub's window of unacknowledged batches (`submit`
/// waits for a free slot, which is the back-pressure), re-sends a batch the hub refused with a retryable error, and on a
/// §5.4 refusal drops the records the hub named (logging each) and re-sends the rest.
public actor MeasurementSubmitter {
    private let connection: JSONRPCConnection
    private let device: DeviceIdentity
    private let limits: IngestLimits
    private let logger: AdapterLogger
    private let batchPrefix: String
    private var nextBatch = 1
    private let window: WindowSlots
    private var inFlight: [Task<Void, Never>] = []
    private var summary = SubmissionSummary()
    private var failure: RPCError?

    /// What a submitter's batches came to once every one was answered.
    public struct SubmissionSummary: Sendable, Hashable {
        /// Records the hub accepted (newly stored plus duplicates).
        public var submitted = 0
        public var stored = 0
        public var duplicates = 0
        /// Records the hub refused as invalid and that were dropped.
        public var dropped = 0
        /// For each acknowledged batch, from its first sending to its acknowledgement.
        public var acknowledgementLatencies: [Duration] = []
    }

    private struct BatchOutcome: Sendable {
        var result: SubmitMeasurementsResult?
        var dropped: Int
        var error: RPCError?
        var latency: Duration = .zero
    }

    init(
        connection: JSONRPCConnection,
        device: DeviceIdentity,
        limits: IngestLimits,
        window: WindowSlots,
        logger: AdapterLogger
    ) {
        self.connection = connection
        self.window = window
        self.device = device
        self.limits = limits
        self.logger = logger
        self.batchPrefix = "\(device.deviceId)-\(UInt32.random(in: 0...UInt32.max))-"
    }

    /// Queues records; larger arrays are split at the hub's batch limit and only the last part
    /// carries `cursor`, so the cursor never runs ahead of what was stored. No records with a cursor
    /// is a cursor-only batch (adapter-protocol.md §5.1): the device was read, nothing new to store.
    public func submit(_ records: [MeasurementRecord], cursor: String? = nil) async throws {
        if let failure { throw failure }
        guard !records.isEmpty || cursor != nil else { return }
        let size = max(1, limits.maxBatchRecords)
        var start = 0
        repeat {
            let end = min(start + size, records.count)
            let part = Array(records[start..<end])
            await window.acquire()
            let request = SubmitMeasurementsRequest(
                batchId: "\(batchPrefix)\(nextBatch)",
                device: device,
                cursor: end == records.count ? cursor : nil,
                records: part
            )
            nextBatch += 1
            let sentAt = ContinuousClock.now
            let pending = await connection.start(request)
            let window = window
            inFlight.append(
                Task {
                    var outcome = await Self.deliver(request, first: pending, connection: connection, logger: logger)
                    outcome.latency = ContinuousClock.now - sentAt
                    await window.release()
                    await self.settle(outcome)
                }
            )
            start = end
        } while start < records.count
    }

    /// Waits for every batch's answer; throws the first unrecoverable error.
    public func finish() async throws -> SubmissionSummary {
        while !inFlight.isEmpty { await inFlight.removeFirst().value }
        if let failure { throw failure }
        return summary
    }

    private func settle(_ outcome: BatchOutcome) {
        if let result = outcome.result {
            summary.acknowledgementLatencies.append(outcome.latency)
            summary.stored += result.stored
            summary.duplicates += result.duplicates
            summary.submitted += result.stored + result.duplicates
        }
        summary.dropped += outcome.dropped
        if let error = outcome.error { failure = failure ?? error }
    }

    /// Sends a batch until it is acknowledged or fails for good.
    private static func deliver(
        _ original: SubmitMeasurementsRequest,
        first: PendingResponse<SubmitMeasurementsResult>,
        connection: JSONRPCConnection,
        logger: AdapterLogger
    ) async -> BatchOutcome {
        var request = original
        var pending = first
        var dropped = 0
        var retries = 0
        while true {
            do {
                return BatchOutcome(result: try await pending.value(), dropped: dropped, error: nil)
            } catch let error as RPCError where error.retryable && !error.isConnectionClosed && retries < 10 {
                retries += 1
                // Exponential backoff: 50 ms doubling to 3.2 s, so a busy hub is not hammered.
                try? await Task.sleep(for: .milliseconds(50 << min(retries - 1, 6)))
            } catch let error as RPCError where !error.invalidRecords.isEmpty {
                let invalid = Set(error.invalidRecords.map(\.index))
                for record in error.invalidRecords {
                    logger.log(
                        .warning,
                        "hub refused record \(record.sourceRecordId ?? "#\(record.index)"): \(record.field): \(record.reason)"
                    )
                }
                dropped += invalid.count
                request.records = request.records.enumerated().filter { !invalid.contains($0.offset) }.map(\.element)
                // A batch left empty still goes back: the hub stores its cursor (a cursor-only
                // batch), so a re-sync does not send the bad records again, and it stops holding
                // back the cursors of the batches after it (adapter-protocol.md §5.3).
            } catch let error as RPCError {
                return BatchOutcome(result: nil, dropped: dropped, error: error)
            } catch {
                return BatchOutcome(result: nil, dropped: dropped, error: RPCError(.internalError, "\(error)"))
            }
            pending = await connection.start(request)
        }
    }
}
