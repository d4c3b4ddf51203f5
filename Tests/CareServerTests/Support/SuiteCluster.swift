import CareServerStore
import Testing

/// One throwaway PostgreSQL cluster for a whole suite, stopped when the suite ends however its tests ended; each test
/// takes a fresh database in it; a few suites at a time (`ClusterTurns`). Starting a cluster (`initdb` and a server) costs seconds on a loaded 2-core machine
/// and a database a fraction of one, so a cluster per test made startup most of the suite's time.
struct SuiteCluster: SuiteTrait, TestScoping {
    /// The cluster of the suite running in this task.
    @TaskLocal static var current: ThrowawayPostgres?

    var isRecursive: Bool { false }

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await ClusterTurns.shared.during {
            let cluster = try await ThrowawayPostgres.start()
            do {
                try await Self.$current.withValue(cluster) { try await function() }
            } catch {
                await cluster.stop()
                throw error
            }
            await cluster.stop()
        }
    }

    /// A new database in the suite's cluster, for one test.
    static func freshDatabase() async throws -> DatabaseURL {
        guard let cluster = current else {
            throw ThrowawayPostgres.Failed(description: "the suite has no cluster: mark it @Suite(.throwawayCluster)")
        }
        return try await cluster.freshDatabase()
    }
}

extension Trait where Self == SuiteCluster {
    /// A throwaway PostgreSQL cluster for the suite, a fresh database in it for each test.
    static var throwawayCluster: Self { SuiteCluster() }
}
