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

    /// Opens (creating if needed) the store at `path`, its parent directories too, and migrates it. The store's
    /// folder is 0700 and its files (the store, `-wal`, `-shm`, the journal) 0600, whatever the umask; existing ones
    /// with wider modes are tightened.
    ///
    /// Refuses a store whose schema was written by a newer KidneyHub: running old code on it could misread or
    /// damage rows it does not understand.
    public static func open(atPath path: String, durability: StoreDurability = .full) throws(HubStoreError)
        -> HubDatabase
    {
        try makeOwnerOnly(storeAt: path)

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

    /// The files SQLite keeps beside a store: its `-wal`, `-shm` and rollback journal.
    static let companionSuffixes = ["-wal", "-shm", "-journal"]

    /// Makes the store's folder and files owner-only before SQLite opens it.
    ///
    /// The store file is created 0600 here, not by SQLite: SQLite creates a new database 0644 minus the umask, and
    /// creates `-wal`, `-shm` and the journal with the database file's own mode (it copies it and `fchmod`s them to
    /// it), so a 0600 store file makes every file of the store 0600.
    static func makeOwnerOnly(storeAt path: String) throws(HubStoreError) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            if !directory.isEmpty { try OwnerOnlyFiles.createDirectory(atPath: directory) }
            try OwnerOnlyFiles.prepareFile(atPath: path)
            for suffix in companionSuffixes { try OwnerOnlyFiles.tightenFile(atPath: path + suffix) }
        } catch {
            throw .cannotSecure(path: path, reason: error.description)
        }
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
