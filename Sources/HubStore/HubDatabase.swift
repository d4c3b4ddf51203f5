import Foundation
import GRDB
import HubRecords

/// The hub's SQLite store: a WAL `DatabasePool` (one writer, concurrent readers) with the schema migrated.
public struct HubDatabase: Sendable {
    /// The store file's path.
    public let path: String
    /// The GRDB pool. Not public: callers outside the package see only the store's methods, which have a meaning, and
    /// never SQL. Package access lets this package's tests and benchmarks inspect and set up rows directly.
    package let pool: DatabasePool

    /// Opens (creating if needed) the store at `path`, its parent directories too, and migrates it.
    ///
    /// Refuses a store whose schema was written by a newer KidneyHub: running old code on it could misread or
    /// damage rows it does not understand.
    public static func open(atPath path: String, durability: StoreDurability = .full) throws(HubStoreError)
        -> HubDatabase
    {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw .cannotCreateDirectory(path: directory, reason: "\(error)")
            }
        }

        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            // GRDB's WAL setup sets the writer to synchronous = NORMAL after `prepareDatabase` has run
            // (GRDB 7.10 `Database.setUpWALMode`), so the chosen level is set on the one writer connection here.
            try pool.writeWithoutTransaction { db in try db.execute(sql: durability.pragma) }
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }

        let migrator = Schema.migrator
        do {
            let unknown = try pool.read { db in
                try migrator.hasBeenSuperseded(db)
                    ? try migrator.appliedIdentifiers(db).subtracting(try migrator.appliedMigrations(db)).sorted()
                    : []
            }
            if !unknown.isEmpty { throw HubStoreError.supersededSchema(path: path, unknownMigrations: unknown) }
            try migrator.migrate(pool)
        } catch let error as HubStoreError {
            throw error
        } catch {
            throw .migrationFailed(path: path, reason: "\(error)")
        }
        return HubDatabase(path: path, pool: pool)
    }

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.label = "KidneyHub store"
        // GRDB enables foreign keys by default; stated so it is not lost if defaults change.
        configuration.foreignKeysEnabled = true
        // Readers in other processes (CLI commands) never block the writer under WAL, but a checkpoint or a second
        // writer may hold the lock briefly: wait rather than fail at once.
        configuration.busyMode = .timeout(5)
        return configuration
    }
}
