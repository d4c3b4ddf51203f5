import ArgumentParser
import Foundation
import GRDB
import GRDBSQLite
import HubRecords
import HubStore

/// `KidneyHubBenchmarks raw-insert STORE`: the floor an import is measured against (issue 22). Reads
/// every measurement a `kidneyhub import` stored in STORE and inserts the same rows, all 14 columns as
/// stored, into a fresh store beside it (the same schema, indexes and durability) with one prepared
/// statement and one transaction per batch of the hub's default size, through SQLite's C API. Prints
/// the rows per second; the import's rate divided by this one is the import ÷ raw ratio.
struct ImportRawBaseline: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "raw-insert",
        abstract: "Insert an imported store's measurements again with batched prepared inserts; time it."
    )

    @Argument(help: "A store a `kidneyhub import` wrote.") var store: String
    @Option(help: "Rows per transaction (the hub's maxBatchRecords).") var batch = 500
    @Option(help: "Store durability: full (fsync per batch, as kidneyhub import) or normal.") var durability = "full"
    @Option(help: "Seconds the import took, to print the import ÷ raw ratio.") var importSeconds: Double?

    func run() async throws {
        guard let durability = StoreDurability(rawValue: durability) else {
            throw ValidationError("--durability is full or normal")
        }
        let source = try HubDatabase.open(atPath: store)
        // Read as plain values before the clock starts: the floor is SQLite's work, not reading the source rows.
        let (devices, rows) = try await source.pool.read { db in
            (
                try Row.fetchAll(db, sql: "SELECT id, adapterId, deviceId FROM device ORDER BY id").map {
                    [$0["id"], $0["adapterId"], $0["deviceId"]] as [DatabaseValue]
                },
                try Row.fetchAll(db, sql: "SELECT \(Self.columns.joined(separator: ", ")) FROM measurement ORDER BY id")
                    .map { row in Self.columns.map { row[$0] as DatabaseValue } }
            )
        }
        let target = (store as NSString).deletingLastPathComponent + "/raw-baseline.sqlite"
        for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: target + suffix) }
        let raw = try HubDatabase.open(atPath: target, durability: durability)
        try await raw.pool.write { db in
            for device in devices {
                try db.execute(
                    sql: """
                        INSERT INTO device (id, adapterId, deviceId, firstSeenAtMs, lastSeenAtMs)
                        VALUES (?, ?, ?, 0, 0)
                        """,
                    arguments: StatementArguments(device)
                )
            }
        }
        let elapsed = try await raw.pool.writeWithoutTransaction { db in
            try Self.insert(rows, batchSize: max(1, batch), connection: db.sqliteConnection)
        }
        let rate = Double(rows.count) / seconds(elapsed)
        print(
            String(
                format: "raw SQLite batched inserts: %d rows in %.2f s (%.0f rows/s), batches of %d, durability %@",
                rows.count,
                seconds(elapsed),
                rate,
                batch,
                durability.rawValue
            )
        )
        if let importSeconds, importSeconds > 0 {
            print(String(format: "import ÷ raw: %.2f", seconds(elapsed) / importSeconds))
        }
    }

    /// The 14 columns the hub's batch writer binds.
    static let columns = [
        "deviceRowId", "sourceRecordId", "kind", "value", "components", "unit", "originalValue",
        "originalComponents", "originalUnit", "startMs", "endMs", "utcOffsetSeconds", "context", "receivedAtMs",
    ]

    /// The same columns the hub's batch writer binds, the same conflict clause.
    private static func insert(_ values: [[DatabaseValue]], batchSize: Int, connection: OpaquePointer?) throws
        -> Duration
    {
        let sql = """
            INSERT INTO measurement (
                deviceRowId, sourceRecordId, kind, value, components, unit,
                originalValue, originalComponents, originalUnit,
                startMs, endMs, utcOffsetSeconds, context, receivedAtMs)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (deviceRowId, sourceRecordId) DO NOTHING
            """
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK else {
            throw ValidationError("prepare failed: \(String(cString: sqlite3_errmsg(connection)))")
        }
        defer { sqlite3_finalize(statement) }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        let started = ContinuousClock.now
        for start in stride(from: 0, to: values.count, by: batchSize) {
            sqlite3_exec(connection, "BEGIN IMMEDIATE", nil, nil, nil)
            for row in values[start..<min(start + batchSize, values.count)] {
                for (offset, value) in row.enumerated() {
                    let index = Int32(offset + 1)
                    switch value.storage {
                    case .null: sqlite3_bind_null(statement, index)
                    case .int64(let number): sqlite3_bind_int64(statement, index, number)
                    case .double(let number): sqlite3_bind_double(statement, index, number)
                    case .string(let text): sqlite3_bind_text(statement, index, text, -1, transient)
                    case .blob(let data):
                        _ = data.withUnsafeBytes {
                            sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), transient)
                        }
                    }
                }
                guard sqlite3_step(statement) == SQLITE_DONE else {
                    throw ValidationError("insert failed: \(String(cString: sqlite3_errmsg(connection)))")
                }
                sqlite3_reset(statement)
            }
            guard sqlite3_exec(connection, "COMMIT", nil, nil, nil) == SQLITE_OK else {
                throw ValidationError("commit failed: \(String(cString: sqlite3_errmsg(connection)))")
            }
        }
        return ContinuousClock.now - started
    }
}
