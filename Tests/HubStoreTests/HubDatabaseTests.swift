import Foundation
import GRDB
import HubRecords
import Testing

@testable import HubStore

/// Opening the store: directories, WAL, FULL sync, migrations and the refusal of a newer schema.
struct HubDatabaseTests {
    @Test func opensWithWALAndFullSync() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("a/b/db.sqlite").path
            let store = try HubDatabase.open(atPath: path)
            #expect(FileManager.default.fileExists(atPath: path))
            let (journal, writerSync) = try await store.pool.write { db in
                (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA synchronous"))
            }
            #expect(journal == "wal")
            #expect(writerSync == 2, "synchronous = FULL")
            #expect(try await store.pool.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") } == true)
        }
    }

    @Test func normalDurabilitySetsTheWriterToNormalSync() async throws {
        try await withTemporaryDirectory { directory in
            let store = try HubDatabase.open(
                atPath: directory.appendingPathComponent("db.sqlite").path,
                durability: .normal
            )
            let writerSync = try await store.pool.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
            #expect(writerSync == 1, "synchronous = NORMAL")
        }
    }

    @Test func createsTheSchemaOnceAndReopens() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("db.sqlite").path
            let first = try HubDatabase.open(atPath: path)
            let tables = try await first.pool.read { db in
                try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            }
            #expect(tables.isSuperset(of: ["adapter", "device", "measurement", "syncCursor", "adapterEvent"]))
            _ = try await first.ingest(IngestBatch(device: Sample.scale, records: [IngestRecord(Sample.weight("1"))]))

            let second = try HubDatabase.open(atPath: path)
            #expect(try await second.measurementCount() == 1)
            #expect(
                try await second.pool.read { db in
                    try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
                } == Schema.numbered.map(\.identifier),
                "every migration ran once, in order"
            )
        }
    }

    @Test func refusesAStoreFromANewerHub() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("db.sqlite").path
            let store = try HubDatabase.open(atPath: path)
            try await store.pool.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v2-from-the-future')")
            }
            #expect(throws: HubStoreError.supersededSchema(path: path, unknownMigrations: ["v2-from-the-future"])) {
                try HubDatabase.open(atPath: path)
            }
        }
    }

    @Test func reportsAStoreThatIsNotADatabase() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("db.sqlite").path
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: path))
            do {
                _ = try HubDatabase.open(atPath: path)
                Issue.record("opened a file of garbage")
            } catch {
                #expect("\(error)".contains(path))
            }
        }
    }
}
