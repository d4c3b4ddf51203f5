import CareServer
import CareServerStore
import Hummingbird
import Logging

/// A care-team server running in this process on a real port, as a deployed one runs, that a test can stop (the
/// network cut, as a hub sees it) and start again on the same port and database.
struct RunningCareServer: Sendable {
    let port: Int
    private let task: Task<Void, any Error>

    /// Starts a server on `database` listening on `port` (0: a free one) and waits until it accepts connections.
    static func start(database: DatabaseURL, port: Int = 0) async throws -> RunningCareServer {
        var configuration = CareServerConfiguration(databaseURL: database, tokenSecret: Array(repeating: 7, count: 32))
        configuration.port = port
        var logger = Logger(label: "care-server-tests")
        // Stopping it mid-test is the point: its shutdown's complaints about cancelled channels are expected.
        logger.logLevel = .critical
        let server = CareServer(configuration: configuration, logger: logger)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = try server.makeApplication { port in continuation.yield(port) }
        let task = Task { try await app.run() }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next() else {
            task.cancel()
            throw CareHarness.Unexpected(description: "the server stopped before it listened")
        }
        return RunningCareServer(port: bound, task: task)
    }

    /// Stops the server and waits until it has closed its port.
    func stop() async {
        task.cancel()
        _ = try? await task.value
    }
}
