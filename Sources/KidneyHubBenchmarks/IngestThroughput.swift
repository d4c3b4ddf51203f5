import AdapterHost
import AdapterProtocol
import ArgumentParser
import Care
import Foundation
import GRDB
import GRDBSQLite
import HubCore
import HubRecords
import HubStore

/// Sustained ingest from one adapter through stdio into SQLite, with deduplication, beside raw
/// SQLite batched inserts of the same rows in the same run (issue 3's throughput goal).
struct IngestThroughput: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ingest")
    @Option(help: "Readings the simulated device holds.") var records = 200_000
    @Option(help: "Records per batch (the hub's maxBatchRecords).") var batch = 500
    @Option(help: "Unacknowledged batches an adapter may have (the hub's window).") var window = 4
    @Flag(help: "Only the pipeline's first pass (for profiling).") var pipelineOnly = false

    @Option(help: "Store durability: full (fsync per batch) or normal.") var durability = "full"

    func run() async throws {
        guard let durability = StoreDurability(rawValue: durability) else {
            throw ValidationError("--durability is full or normal")
        }
        let directory = try BenchmarkEnvironment.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let adapters = try BenchmarkEnvironment.installSimulator(
            in: directory,
            scenario: BenchmarkEnvironment.bulkScenario(count: records)
        )
        let store = try HubDatabase.open(atPath: "\(directory)/hub.sqlite", durability: durability)
        try await BenchmarkEnvironment.acceptTerms(in: store)
        var settings = AdapterSupervisor.Settings()
        settings.limits.maxBatchRecords = batch
        settings.limits.maxUnacknowledgedBatches = window
        let hub = HubService(
            store: store,
            catalog: AdapterCatalog(directories: [adapters], productsDirectory: nil),
            settings: settings
        )
        _ = try await hub.supervisor(for: "simulator").client()  // start-up is measured elsewhere

        let started = ContinuousClock.now
        let report = try await hub.sync(deviceId: "bench-meter", adapterId: "simulator")
        let pipelineTime = ContinuousClock.now - started
        guard report.stored == records else { throw ValidationError("stored \(report.stored) of \(records)") }
        if pipelineOnly {
            await hub.stop()
            print(String(format: "ingest: %.0f readings/s", Double(records) / seconds(pipelineTime)))
            return
        }

        // The same batches again from the start: every record is a duplicate.
        try await store.pool.write { db in try db.execute(sql: "DELETE FROM syncCursor") }
        let again = ContinuousClock.now
        let resend = try await hub.sync(deviceId: "bench-meter", adapterId: "simulator")
        let duplicateTime = ContinuousClock.now - again
        await hub.stop()
        guard resend.duplicates == records else { throw ValidationError("re-sync saw \(resend.duplicates) duplicates") }

        let rows = try await store.measurements()
        let rawTime = try RawSQLiteBaseline.insert(
            rows,
            batchSize: batch,
            path: "\(directory)/raw.sqlite",
            durability: durability
        )

        let pipelineRate = Double(records) / seconds(pipelineTime)
        let duplicateRate = Double(records) / seconds(duplicateTime)
        let rawRate = Double(records) / seconds(rawTime)
        print(
            "ingest: \(records) readings, batches of \(batch), window of \(window), durability \(durability.rawValue)"
        )
        print(
            String(
                format: "  adapter → stdio → hub → SQLite:      %9.0f readings/s (%.2f s)",
                pipelineRate,
                seconds(pipelineTime)
            )
        )
        print(
            String(
                format: "  same batches again, all duplicates:  %9.0f readings/s (%.2f s)",
                duplicateRate,
                seconds(duplicateTime)
            )
        )
        print(
            String(
                format: "  raw SQLite batched inserts, same rows: %7.0f readings/s (%.2f s)",
                rawRate,
                seconds(rawTime)
            )
        )
        print(String(format: "  pipeline / raw: %.2f", pipelineRate / rawRate))
    }
}

/// The floor to compare against: the C API straight, one prepared statement, one transaction
/// per batch, same table, same rows, no JSON, no process boundary.
enum RawSQLiteBaseline {
    static func insert(_ rows: [StoredMeasurement], batchSize: Int, path: String, durability: StoreDurability) throws
        -> Duration
    {
        let store = try HubDatabase.open(atPath: path, durability: durability)  // the same schema, indexes, sync
        let deviceRowId: Int64 = try store.pool.write { db in
            try db.execute(
                sql: "INSERT INTO device (adapterId, deviceId, firstSeenAtMs, lastSeenAtMs) VALUES ('raw', 'raw', 0, 0)"
            )
            return db.lastInsertedRowID
        }
        return try store.pool.writeWithoutTransaction { db in
            let connection = db.sqliteConnection
            var statement: OpaquePointer?
            let sql = """
                INSERT INTO measurement (deviceRowId, sourceRecordId, kind, value, unit, originalValue, originalUnit,
                    startMs, utcOffsetSeconds, receivedAtMs)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (deviceRowId, sourceRecordId) DO NOTHING
                """
            guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK else {
                throw ValidationError("prepare failed: \(String(cString: sqlite3_errmsg(connection)))")
            }
            defer { sqlite3_finalize(statement) }
            let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
            let started = ContinuousClock.now
            for start in stride(from: 0, to: rows.count, by: batchSize) {
                sqlite3_exec(connection, "BEGIN IMMEDIATE", nil, nil, nil)
                for row in rows[start..<min(start + batchSize, rows.count)] {
                    let m = row.measurement
                    sqlite3_bind_int64(statement, 1, deviceRowId)
                    sqlite3_bind_text(statement, 2, m.sourceRecordId, -1, transient)
                    sqlite3_bind_text(statement, 3, m.kind.rawValue, -1, transient)
                    sqlite3_bind_double(statement, 4, m.value ?? 0)
                    sqlite3_bind_text(statement, 5, m.unit, -1, transient)
                    sqlite3_bind_double(statement, 6, m.originalValue ?? 0)
                    sqlite3_bind_text(statement, 7, m.originalUnit, -1, transient)
                    sqlite3_bind_int64(statement, 8, m.startMs)
                    sqlite3_bind_int64(statement, 9, Int64(m.utcOffsetSeconds))
                    sqlite3_bind_int64(statement, 10, row.receivedAtMs)
                    guard sqlite3_step(statement) == SQLITE_DONE else {
                        throw ValidationError("insert failed: \(String(cString: sqlite3_errmsg(connection)))")
                    }
                    sqlite3_reset(statement)
                }
                sqlite3_exec(connection, "COMMIT", nil, nil, nil)
            }
            return ContinuousClock.now - started
        }
    }
}
