import AdapterProtocol
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs an adapter on stdin/stdout until the hub says `exit`, stdin ends, or the hub dies.
///
/// It owns the whole protocol of adapter-protocol.md §3–§6 for the author: stdout isolation,
/// the handshake with version negotiation, `-32002` before `initialize`, `-32600` after
/// `shutdown`, cancellation, and the exit status.
public enum AdapterRuntime {
    /// Runs `adapter` and never returns.
    public static func run(_ adapter: some Adapter, logger: AdapterLogger = AdapterLogger()) async -> Never {
        let protocolDescriptor = StandardStreams.isolateProtocolOutput()
        let connection = JSONRPCConnection(
            name: adapter.info.id,
            registry: .adapterSide,
            idPrefix: "a-",
            answersMalformedLines: true
        ) { line in
            try StandardStreams.writeAll(line, to: protocolDescriptor)
        }
        let session = AdapterSession(adapter: adapter, connection: connection, logger: logger)
        let (calls, callSink) = AsyncStream.makeStream(of: IncomingCall.self)
        await connection.setHandler { call in
            // `exit` must work even while an earlier call (a `shutdown` waiting on a stuck sync) is
            // still being handled, so it bypasses the queue (adapter-protocol.md §3.6).
            if case .notification(is ExitNotification) = call {
                Task { await session.exit(reason: "exit notification") }
            } else {
                callSink.yield(call)
            }
        }
        await connection.setViolationHandler { logger.log(.warning, "from hub: \($0)") }

        Task {
            for await chunk in StandardStreams.inputChunks() { await connection.receive(chunk) }
            callSink.finish()
            // End of input means exit (§3.7): queued calls get a moment to finish, but a call
            // that never returns must not keep the process alive.
            try? await Task.sleep(for: .seconds(1))
            await session.exit(reason: "end of input")
        }
        // Calls are handled one at a time in arrival order; long requests run in their own tasks.
        for await call in calls { await session.handle(call) }
        await session.exit(reason: "end of input")
    }
}

/// The state of one adapter process's conversation with its hub.
actor AdapterSession {
    private enum Phase {
        case awaitingInitialize, running, shutDown
    }

    private let adapter: any Adapter
    private let connection: JSONRPCConnection
    private var logger: AdapterLogger
    private var phase = Phase.awaitingInitialize
    private var limits = IngestLimits.default
    /// Created at `initialize`, when the hub says how wide the window is.
    private var window = WindowSlots(capacity: IngestLimits.default.maxUnacknowledgedBatches)
    private var running: [RequestID: Task<Void, Never>] = [:]

    init(adapter: any Adapter, connection: JSONRPCConnection, logger: AdapterLogger) {
        self.adapter = adapter
        self.connection = connection
        self.logger = logger
    }

    func handle(_ call: IncomingCall) async {
        switch call {
        case .notification(let notification):
            await handle(notification)
        case .request(let id, let request):
            await handle(request, id: id)
        }
    }

    private func handle(_ notification: any RPCNotification) async {
        switch notification {
        case let cancel as CancelRequestNotification:
            running[cancel.id]?.cancel()
        case is InitializedNotification where phase == .running:
            await adapter.initialized(
                context: AdapterContext(
                    connection: connection,
                    window: window,
                    limits: limits,
                    logger: logger,
                    progressToken: nil
                )
            )
        default:
            break  // An `initialized` out of turn is ignored; unknown ones never reach here.
        }
    }

    private func handle(_ request: any RPCRequest, id: RequestID) async {
        switch (phase, request) {
        case (.awaitingInitialize, let initialize as InitializeRequest):
            await handshake(initialize, id: id)
        case (.awaitingInitialize, _):
            await connection.reply(to: id, error: RPCError(.notInitialized, "Not initialized: send initialize first"))
        case (.shutDown, _):
            await connection.reply(
                to: id,
                error: RPCError(.invalidRequest, "Invalid request: the adapter is shutting down")
            )
        case (.running, is InitializeRequest):
            await connection.reply(to: id, error: RPCError(.invalidRequest, "Invalid request: already initialized"))
        case (.running, is PingRequest):
            await connection.reply(to: id, with: EmptyObject())
        case (.running, is ShutdownRequest):
            await shutdown(id: id)
        case (.running, _):
            start(request, id: id)
        }
    }

    private func handshake(_ request: InitializeRequest, id: RequestID) async {
        let spoken = adapter.protocolVersions
        guard let version = request.protocolVersions.first(where: spoken.contains) else {
            let error = RPCError(
                .invalidParams,
                "Unsupported protocol version",
                details: [
                    "supported": .array(spoken.map { .string($0) }),
                    "requested": .array(request.protocolVersions.map { .string($0) }),
                ]
            )
            return await connection.reply(to: id, error: error)
        }
        limits = request.ingest ?? .default
        window = WindowSlots(capacity: limits.maxUnacknowledgedBatches)
        do {
            try await adapter.configure(request, context: context(for: request))
        } catch {
            return await connection.reply(to: id, error: Self.rpcError(error))
        }
        if let level = request.logLevel { logger.minimumLevel = level }
        if let hubPid = request.hubPid { watchHub(pid: hubPid) }
        phase = .running
        let result = InitializeResult(
            protocolVersion: version,
            adapterInfo: adapter.info,
            capabilities: adapter.capabilities
        )
        await connection.reply(to: id, with: result)
    }

    private func context(for request: any RPCRequest) -> AdapterContext {
        AdapterContext(
            connection: connection,
            window: window,
            limits: limits,
            logger: logger,
            progressToken: Self.progressToken(of: request)
        )
    }

    private func start(_ request: any RPCRequest, id: RequestID) {
        let context = context(for: request)
        let adapter = adapter
        let connection = connection
        running[id] = Task {
            do {
                let result: any Encodable & Sendable =
                    switch request {
                    case let request as DiscoverDevicesRequest: try await adapter.discover(request, context: context)
                    case let request as PairDeviceRequest: try await adapter.pair(request, context: context)
                    case let request as SyncDeviceRequest: try await adapter.sync(request, context: context)
                    case let request as AttachDeviceRequest: try await adapter.attach(request, context: context)
                    case let request as ImportFileRequest: try await adapter.importFile(request, context: context)
                    default: throw RPCError(.methodNotFound, "Method not found: \(type(of: request).method)")
                    }
                await connection.reply(to: id, with: AnyEncodable(result))
            } catch {
                await connection.reply(to: id, error: Self.rpcError(error))
            }
            self.finished(id)
        }
    }

    private func finished(_ id: RequestID) {
        running[id] = nil
    }

    private func shutdown(id: RequestID) async {
        phase = .shutDown
        let tasks = Array(running.values)
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
        await adapter.shutdown()
        await connection.reply(to: id, with: NullResult())
    }

    /// Exits with 0 after `shutdown`, 1 otherwise (adapter-protocol.md §3.6).
    func exit(reason: String) async -> Never {
        logger.log(.debug, "exiting: \(reason)")
        await connection.close(reason: reason)
        await connection.flush()
        Foundation.exit(phase == .shutDown ? 0 : 1)
    }

    /// Exits when the hub process is gone, even if stdin is somehow still open (§3.7).
    private func watchHub(pid: Int32) {
        let parent = getppid()
        Task.detached { [logger] in
            while true {
                try? await Task.sleep(for: .milliseconds(500))
                if (kill(pid, 0) != 0 && errno == ESRCH) || getppid() != parent {
                    logger.log(.warning, "hub process \(pid) is gone; exiting")
                    Foundation.exit(1)
                }
            }
        }
    }

    private static func progressToken(of request: any RPCRequest) -> String? {
        switch request {
        case let request as SyncDeviceRequest: request.progressToken
        case let request as AttachDeviceRequest: request.progressToken
        case let request as ImportFileRequest: request.progressToken
        default: nil
        }
    }

    private static func rpcError(_ error: any Error) -> RPCError {
        switch error {
        case let error as RPCError: error
        case is CancellationError: RPCError(.requestCancelled, "Request cancelled")
        default: RPCError(.requestFailed, "Request failed: \(error)")
        }
    }
}

/// Lets the runtime answer with whichever result type the adapter method returned.
private struct AnyEncodable: Encodable, Sendable {
    let value: any Encodable & Sendable
    init(_ value: any Encodable & Sendable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
