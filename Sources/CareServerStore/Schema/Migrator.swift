import Logging
import PostgresNIO

/// Applies the migrations not yet recorded in `schema_migration`, all in one transaction (all or none), under an advisory
/// lock so that two servers starting against one database do not both apply a step.
struct Migrator {
    /// An arbitrary constant: the advisory lock's key for "migrating KidneyHub's care-team schema".
    static let lockKey: Int64 = 0x4B48_4353_0001

    let client: PostgresClient
    let logger: Logger

    /// The versions applied by this call.
    func apply(_ migrations: [Migration]) async throws -> [Int] {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.lockKey))", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS schema_migration (
                    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())
                """,
                logger: logger
            )
            var applied = Set<Int>()
            for try await version in try await connection.query(
                "SELECT version FROM schema_migration",
                logger: logger
            ).decode(Int.self) {
                applied.insert(version)
            }
            var done: [Int] = []
            for migration in migrations.sorted(by: { $0.version < $1.version })
            where !applied.contains(migration.version) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO schema_migration (version, name) VALUES (\(migration.version), \(migration.name))",
                    logger: logger
                )
                done.append(migration.version)
            }
            return done
        }
    }
}
