import CareServer
import CareServerStore
import Hummingbird
import Logging
import ServiceLifecycle
import TestSupport

/// A care-team server running in this process on a real port, as a deployed one runs, that a test can stop (the
/// network cut, as a hub sees it) and start again on the same port and database.
struct RunningCareServer: Sendable {
    let port: Int
    private let group: ServiceGroup
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
        // Stopped as a deployed server is (SIGTERM: a graceful shutdown, its services in reverse order, the audit
        // log flushed while the database client still runs), not by cancelling the task: cancellation stops every
        // service at once, and the audit flush then waited for good on a database client already shut down.
        let group = ServiceGroup(services: [app], logger: logger)
        // The stream ends with the server, so a server that fails before it listens (a port taken, a migration that
        // throws) ends the wait below with its error instead of leaving it waiting for a port forever.
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        let bound = try await within(.seconds(120), "the care-team server to listen (port \(port))") {
            var iterator = ports.makeAsyncIterator()
            return await iterator.next()
        }
        guard let bound else {
            await group.triggerGracefulShutdown()
            let ended = await task.result
            throw CareHarness.Unexpected(description: "the server stopped before it listened: \(ended)")
        }
        return RunningCareServer(port: bound, group: group, task: task)
    }

    /// Stops the server and waits until it has closed its port; a shutdown that never ends fails the test here.
    func stop() async throws {
        await group.triggerGracefulShutdown()
        try await within(.seconds(60), "the care-team server on port \(port) to stop") { [task] in
            _ = try? await task.value
        }
    }
}
