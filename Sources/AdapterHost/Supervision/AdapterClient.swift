import AdapterProtocol
import Foundation
import Logging
import Synchronization

/// Something an adapter did that the supervisor or the user should hear about.
public enum AdapterActivity: Sendable {
    case deviceFound(DeviceDescriptor)
    case progress(token: String, value: ProgressValue)
    case log(LogNotification)
    case violation(ProtocolViolation)
    /// The adapter sent a batch beyond the window and was answered -32010.
    case windowExceeded
    /// The adapter sent a batch of more records than `ingest.maxBatchRecords` and was answered -32602.
    case batchTooLarge(records: Int)
}

/// Per-request time limits of adapter-protocol.md §6.
public struct RequestTimeouts: Sendable {
    public var initialize = RequestTimeout(idle: .seconds(10), absolute: .seconds(10))
    public var shutdown = RequestTimeout(idle: .seconds(5), absolute: .seconds(5))
    public var ping = RequestTimeout(idle: .seconds(10), absolute: .seconds(10))
    /// For sync, attach and import; the idle timer resets on progress and submitted batches.
    public var longRunning = RequestTimeout(idle: .seconds(60), absolute: .seconds(3600))
    /// Extra time a discovery gets beyond the seconds it was asked to look.
    public var discoverySlack: Duration = .seconds(10)

    public init() {}
}

/// The hub's side of one adapter session: the handshake, the hub → adapter requests with their
/// timeouts, and the adapter's own requests (batches, pings) and notifications.
public final class AdapterClient: Sendable {
    public let process: AdapterProcess
    public let adapterId: String
    private let timeouts: RequestTimeouts
    private let limits: IngestLimits
    private let sink: any MeasurementSink
    private let onActivity: @Sendable (AdapterActivity) -> Void
    private let submissions: AsyncStream<(RequestID, SubmitMeasurementsRequest)>.Continuation
    private let window: BatchWindow
    private let cursors: CursorGuard
    private let initializeResult = Mutex<InitializeResult?>(nil)
    private let logLimit = Mutex(LogRateLimit())
    private let logger: Logger

    /// Wraps a launched process; nothing is sent until `initialize(config:)`.
    public init(
        process: AdapterProcess,
        sink: any MeasurementSink,
        limits: IngestLimits = .default,
        timeouts: RequestTimeouts = RequestTimeouts(),
        onActivity: @escaping @Sendable (AdapterActivity) -> Void = { _ in }
    ) async {
        self.process = process
        self.adapterId = process.adapterId
        self.sink = sink
        self.limits = limits
        self.timeouts = timeouts
        self.onActivity = onActivity
        self.window = BatchWindow(capacity: limits.maxUnacknowledgedBatches)
        self.logger = Logger(label: "kidneyhub.adapter.\(process.adapterId)")
        let (stream, continuation) = AsyncStream.makeStream(of: (RequestID, SubmitMeasurementsRequest).self)
        self.submissions = continuation
        let cursors = CursorGuard()
        self.cursors = cursors
        let connection = process.connection
        await connection.setHandler { [weak self] call in self?.handle(call) }
        await connection.setViolationHandler { violation in
            if case .unreadableRequest(SubmitMeasurementsRequest.method, _) = violation { cursors.holdAllCursors() }
            onActivity(.violation(violation))
        }
        // Two stages, so the next batch is checked while the previous one is written; each is
        // one task, so batches are stored in the order they arrived and a device's cursor only
        // moves forward.
        let (prepared, preparedSink) = AsyncStream.makeStream(
            of: (RequestID, SubmitMeasurementsRequest, Result<PreparedBatch, RPCError>).self
        )
        Task { [sink, adapterId] in
            for await (id, request) in stream {
                preparedSink.yield((id, request, sink.prepare(request, from: adapterId)))
            }
            preparedSink.finish()
        }
        Task { [sink, window] in
            for await (id, request, outcome) in prepared {
                let answer: Result<SubmitMeasurementsResult, RPCError>
                switch outcome {
                case .success(var batch):
                    batch.cursor = cursors.cursorToStore(for: request)
                    answer = await sink.commit(batch)
                case .failure(let error):
                    answer = .failure(error)
                }
                if case .success = answer {
                    cursors.settle(request, stored: true)
                } else {
                    cursors.settle(request, stored: false)
                }
                window.release()
                switch answer {
                case .success(let result): await connection.reply(to: id, with: result)
                case .failure(let error): await connection.reply(to: id, error: error)
                }
            }
        }
    }

    deinit {
        submissions.finish()
    }

    private var connection: JSONRPCConnection { process.connection }

    private func handle(_ call: IncomingCall) {
        switch call {
        case .request(let id, let submit as SubmitMeasurementsRequest):
            Task { await connection.peerIsActive() }
            cursors.arrived(submit)
            if submit.records.count > limits.maxBatchRecords {
                let error = RPCError(
                    .invalidParams,
                    "Invalid params: \(submit.records.count) records, more than maxBatchRecords (\(limits.maxBatchRecords))"
                )
                onActivity(.batchTooLarge(records: submit.records.count))
                cursors.settle(submit, stored: false)
                Task { await connection.reply(to: id, error: error) }
            } else if window.tryAcquire() {
                submissions.yield((id, submit))
            } else {
                let error = RPCError(
                    .tooManyUnacknowledgedBatches,
                    "Too many unacknowledged batches (window \(limits.maxUnacknowledgedBatches))",
                    retryable: true
                )
                onActivity(.windowExceeded)
                cursors.settle(submit, stored: false)
                Task { await connection.reply(to: id, error: error) }
            }
        case .request(let id, is PingRequest):
            Task { await connection.reply(to: id, with: EmptyObject()) }
        case .request(let id, let request):
            let error = RPCError(.methodNotFound, "Method not found: \(type(of: request).method)")
            Task { await connection.reply(to: id, error: error) }
        case .notification(let found as DeviceFoundNotification):
            onActivity(.deviceFound(found.device))
        case .notification(let progress as ProgressNotification):
            Task { await connection.peerIsActive() }
            onActivity(.progress(token: progress.token, value: progress.value))
        case .notification(let log as LogNotification):
            for line in logLimit.withLock({ $0.admit(log, at: .now) }) { onActivity(.log(line)) }
        case .notification:
            break
        }
    }

    // MARK: - Hub → adapter requests

    /// The handshake of adapter-protocol.md §3: `initialize`, checks, `initialized`.
    @discardableResult
    public func initialize(
        config: JSONValue? = nil,
        protocolVersions: [String] = supportedProtocolVersions,
        logLevel: LogLevel = .info,
        expectedId: String? = nil
    ) async throws -> InitializeResult {
        let request = InitializeRequest(
            protocolVersions: protocolVersions,
            hubInfo: SoftwareInfo(name: "kidneyhub", version: HubVersion.current),
            hubPid: getpid(),
            adapterConfig: config ?? .object([:]),
            logLevel: logLevel,
            ingest: limits
        )
        let result = try await connection.send(request, timeout: timeouts.initialize)
        guard protocolVersions.contains(result.protocolVersion) else {
            throw AdapterHandshakeError(
                adapterId: adapterId,
                reason:
                    "answered protocol version '\(result.protocolVersion)', which the hub did not offer \(protocolVersions)"
            )
        }
        guard !result.adapterInfo.id.isEmpty else {
            throw AdapterHandshakeError(adapterId: adapterId, reason: "answered without adapterInfo.id")
        }
        if let expectedId, result.adapterInfo.id != expectedId {
            throw AdapterHandshakeError(
                adapterId: adapterId,
                reason: "answered adapterInfo.id '\(result.adapterInfo.id)', but its manifest says '\(expectedId)'"
            )
        }
        initializeResult.withLock { $0 = result }
        await connection.notify(InitializedNotification())
        return result
    }

    /// What the adapter answered to `initialize`, once it has.
    public var info: InitializeResult? { initializeResult.withLock { $0 } }

    /// Asks the adapter to look for devices for `seconds`.
    public func discover(seconds: Double) async throws -> DiscoverDevicesResult {
        let limit = Duration.seconds(seconds) + timeouts.discoverySlack
        return try await connection.send(
            DiscoverDevicesRequest(seconds: seconds),
            timeout: RequestTimeout(idle: limit, absolute: limit)
        )
    }

    /// Pairs one device.
    public func pair(deviceId: String, passkey: String?) async throws -> PairDeviceResult {
        try await connection.send(
            PairDeviceRequest(deviceId: deviceId, passkey: passkey),
            timeout: timeouts.longRunning
        )
    }

    /// Syncs one device from `cursor`; the batches arrive through the sink meanwhile.
    public func sync(deviceId: String, cursor: String?, progressToken: String? = nil) async throws -> SyncDeviceResult {
        try await connection.send(
            SyncDeviceRequest(deviceId: deviceId, cursor: cursor, progressToken: progressToken),
            timeout: timeouts.longRunning
        )
    }

    /// Hands a hot-plugged device to the adapter.
    public func attach(_ request: AttachDeviceRequest) async throws -> AttachDeviceResult {
        try await connection.send(request, timeout: timeouts.longRunning)
    }

    /// Asks the adapter to import a file.
    public func importFile(path: String, progressToken: String? = nil) async throws -> ImportFileResult {
        try await connection.send(
            ImportFileRequest(path: path, progressToken: progressToken),
            timeout: timeouts.longRunning
        )
    }

    /// Checks that the adapter still answers.
    public func ping() async throws {
        _ = try await connection.send(PingRequest(), timeout: timeouts.ping)
    }

    /// The graceful stop of architecture.md §2 S3: `shutdown` (5 s) → `exit` → close stdin →
    /// 2 s → SIGTERM to the group → 5 s → SIGKILL. Returns how the process ended.
    @discardableResult
    public func stop() async -> AdapterProcess.Termination {
        reportSuppressedLogs()
        if info != nil {
            _ = try? await connection.send(ShutdownRequest(), timeout: timeouts.shutdown)
            await connection.notify(ExitNotification())
        }
        await connection.close(reason: "hub stopped the adapter")
        // A write blocked on an adapter that no longer reads must not hold up the stop.
        let connection = connection
        _ = await firstOf({ await connection.flush() }, orAfter: .seconds(1))
        await process.closeInput()
        for (wait, signal) in [(Duration.seconds(2), SIGTERM), (.seconds(5), SIGKILL)] {
            // Whatever the adapter left in its group was swept when it was reaped (`AdapterProcess.launch`).
            if let termination = await process.waitForExit(upTo: wait) { return termination }
            logger.warning("adapter did not exit; sending signal \(signal) to its process group")
            process.signalGroup(signal)
        }
        return await process.waitForExit()
    }

    /// Passes on the count of log lines the rate limit left out of the current window.
    private func reportSuppressedLogs() {
        if let summary = logLimit.withLock({ $0.flush() }) { onActivity(.log(summary)) }
    }

    /// Kills the process group at once (a hang or a protocol breach) and waits for it.
    @discardableResult
    public func kill() async -> AdapterProcess.Termination {
        reportSuppressedLogs()
        process.signalGroup(SIGKILL)
        await connection.close(reason: "hub killed the adapter")
        return await process.waitForExit()
    }

}

/// An adapter whose `initialize` answer the hub cannot accept.
public struct AdapterHandshakeError: Error, Sendable, CustomStringConvertible {
    public var adapterId: String
    public var reason: String
    public var description: String { "adapter \(adapterId): handshake failed: \(reason)" }
}

/// The hub's version, as sent in `hubInfo`.
public enum HubVersion {
    public static let current = "0.1.0"
}
