import Logging
import PostgresNIO

/// The care-team server's PostgreSQL store. Every read and write is a method here; every write is one transaction.
/// The client must be running (`run()` as a service, or `PostgresClient.run()` in a task) before any call.
public struct CareStore: Sendable {
    /// The connection pool; run it as a service.
    public let client: PostgresClient
    let logger: Logger

    /// A store on `client`, which the caller runs.
    public init(client: PostgresClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// A store with its own pool for `url`.
    public init(url: DatabaseURL, maximumConnections: Int = 20, logger: Logger) {
        var configuration = url.clientConfiguration()
        configuration.options.maximumConnections = maximumConnections
        // No JIT: the server's statements are short index lookups, and PostgreSQL's JIT, which starts once a plan's
        // cost passes 100,000, spent 2.4 s compiling the portal's patient list for 1,000 patients (docs/benchmarks.md)
        // to run a statement that takes under 0.7 s without it.
        configuration.options.additionalStartupParameters.append(("jit", "off"))
        self.init(client: PostgresClient(configuration: configuration, backgroundLogger: logger), logger: logger)
    }

    /// Applies the schema's migrations not yet applied; returns their versions.
    @discardableResult
    public func migrate() async throws -> [Int] {
        try await Migrator(client: client, logger: logger).apply(CareSchema.numbered)
    }

    /// The versions recorded in `schema_migration`, lowest first.
    public func appliedVersions() async throws -> [Int] {
        var versions: [Int] = []
        for try await version in try await client.query(
            "SELECT version FROM schema_migration ORDER BY version",
            logger: logger
        ).decode(Int.self) {
            versions.append(version)
        }
        return versions
    }
}
