import AdapterProtocol
import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// The running hub's control socket: commands such as `devices sync` send their request here
/// instead of starting a second hub on the same store.
public final class ControlServer: Sendable {
    /// The socket's path for a store: beside it, like the lock.
    public static func socketPath(forStore storePath: String) -> String { storePath + ".sock" }

    public let path: String
    private let listener: Int32

    /// Listens at `path` and serves each connection's requests with `hub`.
    public init(path: String, hub: HubService) throws {
        self.path = path
        self.listener = try UnixSocket.listen(at: path)
        let listener = listener
        let logger = Logger(label: "kidneyhub.control")
        Thread.detachNewThread {
            while true {
                let client = accept(listener, nil, nil)
                if client < 0 {
                    if errno == EINTR { continue }
                    return  // the listener was closed: the server stopped
                }
                Self.serve(client, hub: hub, logger: logger)
            }
        }
    }

    /// Stops accepting and removes the socket file.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        unlink(path)
    }

    private static func serve(_ descriptor: Int32, hub: HubService, logger: Logger) {
        let connection = JSONRPCConnection(
            name: "control",
            registry: .controlServer,
            idPrefix: "c-",
            answersMalformedLines: true
        ) { line in
            try UnixSocket.writeAll(line, to: descriptor)
        }
        Task {
            await connection.setHandler { call in
                guard case .request(let id, let request) = call else { return }
                Task { await answer(request, id: id, on: connection, hub: hub) }
            }
            for await chunk in UnixSocket.chunks(from: descriptor) { await connection.receive(chunk) }
            await connection.close(reason: "client disconnected")
            await connection.flush()  // no write may reach the descriptor after it is closed
            close(descriptor)
        }
        logger.debug("control client connected")
    }

    private static func answer(
        _ request: any RPCRequest,
        id: RequestID,
        on connection: JSONRPCConnection,
        hub: HubService
    ) async {
        do {
            switch request {
            case let scan as ControlScanRequest:
                let (devices, problems) = await hub.scan(seconds: scan.seconds, adapterIds: scan.adapterIds)
                await connection.reply(to: id, with: ControlScanResult(devices: devices, problems: problems))
            case let pair as ControlPairRequest:
                let adapterId = try await hub.adapter(of: pair.deviceId, given: pair.adapterId)
                let device = try await hub.pair(deviceId: pair.deviceId, adapterId: adapterId, passkey: pair.passkey)
                await connection.reply(to: id, with: PairDeviceResult(device: device))
            case let sync as ControlSyncRequest:
                let adapterId = try await hub.adapter(of: sync.deviceId, given: sync.adapterId)
                await connection.reply(to: id, with: try await hub.sync(deviceId: sync.deviceId, adapterId: adapterId))
            case let retry as ControlRetryRequest:
                try await hub.retry(adapterId: retry.adapterId)
                await connection.reply(to: id, with: EmptyObject())
            case let request as ControlImportRequest:
                let report = try await hub.importFile(
                    path: request.path,
                    adapterId: request.adapterId,
                    progressToken: "import"
                )
                await connection.reply(to: id, with: report)
            case is PingRequest:
                await connection.reply(to: id, with: EmptyObject())
            default:
                await connection.reply(
                    to: id,
                    error: RPCError(.methodNotFound, "Method not found: \(type(of: request).method)")
                )
            }
        } catch let error as RPCError {
            await connection.reply(to: id, error: error)
        } catch {
            await connection.reply(to: id, error: RPCError(.requestFailed, "\(error)"))
        }
    }
}

/// A command's connection to a running hub.
public struct ControlClient: Sendable {
    private let connection: JSONRPCConnection
    private let descriptor: Int32

    /// Connects to the hub serving the store, or returns nil when none is listening.
    public static func connect(toStore storePath: String) -> ControlClient? {
        guard let descriptor = try? UnixSocket.connect(to: ControlServer.socketPath(forStore: storePath)) else {
            return nil
        }
        let connection = JSONRPCConnection(
            name: "control-client",
            registry: .controlClient,
            idPrefix: "k-",
            answersMalformedLines: false
        ) { line in
            try UnixSocket.writeAll(line, to: descriptor)
        }
        Task {
            for await chunk in UnixSocket.chunks(from: descriptor) { await connection.receive(chunk) }
            await connection.close(reason: "the hub closed the control socket")
            await connection.flush()
            Glibc.close(descriptor)  // only after the reader and the writer are done with it
        }
        return ControlClient(connection: connection, descriptor: descriptor)
    }

    /// Sends one request and waits for the hub's answer.
    public func send<R: RPCRequest>(_ request: R) async throws -> R.Result {
        try await connection.send(request)
    }

    /// Closes the connection; the reading task releases the descriptor once it sees the end.
    public func close() async {
        await connection.close(reason: "done")
        shutdown(descriptor, Int32(SHUT_RDWR))
    }
}
