import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// Stores a batch in ONE write transaction: devices, measurements (duplicates skipped) and the cursor.
    ///
    /// Either everything commits or nothing does, so a cursor never moves past a record that was not stored
    /// (adapter-protocol.md §5.3). Throws the `DatabaseError` of the statement that failed.
    public func ingest(_ batch: IngestBatch) async throws -> IngestOutcome {
        try await pool.write { db in try BatchWriter.write(batch, in: db) }
    }
}

/// The body of the ingest transaction.
///
/// Uses cached prepared statements with unchecked arguments, the fastest way
/// GRDB offers (architecture.md §5.5 measured ~300k rows/s against ~85k/s for Codable records).
enum BatchWriter {
    static let upsertDeviceSQL = """
        INSERT INTO device (adapterId, deviceId, manufacturer, model, serial, firstSeenAtMs, lastSeenAtMs)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (adapterId, deviceId) DO UPDATE SET
            manufacturer = coalesce(excluded.manufacturer, manufacturer),
            model = coalesce(excluded.model, model),
            serial = coalesce(excluded.serial, serial),
            lastSeenAtMs = max(lastSeenAtMs, excluded.lastSeenAtMs)
        RETURNING id
        """

    /// The measurement columns, in the order each row's values are bound.
    static let measurementColumns = """
        deviceRowId, sourceRecordId, kind, value, components, unit,
        originalValue, originalComponents, originalUnit,
        startMs, endMs, utcOffsetSeconds, context, receivedAtMs
        """
    static let columnsPerRow: Int32 = 14

    /// Rows per INSERT: one statement step per 64 rows instead of one per row (the per-statement work, VDBE
    /// start, reset and bindings' bookkeeping, is paid once per chunk); 64 × 14 values stay far below
    /// SQLite's 32,766 variables.
    static let rowsPerInsert = 64

    /// An INSERT of `rows` measurements that skips the ones already stored and returns the ids of those it
    /// stored.
    static func insertMeasurementsSQL(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: Int(columnsPerRow)).joined(separator: ", ") + ")"
        return "INSERT INTO measurement (\(measurementColumns)) VALUES "
            + Array(repeating: row, count: rows).joined(separator: ", ")
            + " ON CONFLICT (deviceRowId, sourceRecordId) DO NOTHING RETURNING id"
    }

    static let insertFullChunkSQL = insertMeasurementsSQL(rows: rowsPerInsert)

    /// The stored row under a record's key, with what a conflict is judged on.
    static let storedRowSQL = """
        SELECT id, value, components, unit, startMs, endMs FROM measurement WHERE deviceRowId = ? AND sourceRecordId = ?
        """

    static let upsertCursorSQL = """
        INSERT INTO syncCursor (deviceRowId, cursor, updatedAtMs) VALUES (?, ?, ?)
        ON CONFLICT (deviceRowId) DO UPDATE SET cursor = excluded.cursor, updatedAtMs = excluded.updatedAtMs
        """

    /// The unique key of a device row.
    private struct DeviceKey: Hashable {
        let adapterId: String
        let deviceId: String
    }

    static func write(_ batch: IngestBatch, in db: Database) throws -> IngestOutcome {
        var deviceRows: [DeviceKey: Int64] = [:]
        func rowId(for device: DeviceIdentity) throws -> Int64 {
            let key = DeviceKey(adapterId: device.adapterId, deviceId: device.deviceId)
            if let rowId = deviceRows[key] { return rowId }
            let rowId = try upsertDevice(device, seenAtMs: batch.receivedAtMs, in: db)
            deviceRows[key] = rowId
            return rowId
        }

        let defaultRowId = try rowId(for: batch.device)
        var outcome = IngestOutcome(stored: 0, duplicates: 0, storedIds: [], touchedKinds: [])
        outcome.storedIds.reserveCapacity(batch.records.count)
        var fullChunk: RawInsert?
        defer { fullChunk?.finalize() }
        var runKind = batch.records.first?.measurement.kind
        var run = IngestOutcome.KindTally()
        var deviceRowIds: [Int64] = []
        var returned: [Int64] = []
        returned.reserveCapacity(rowsPerInsert)

        var chunkStart = 0
        while chunkStart < batch.records.count {
            let chunk = batch.records[chunkStart..<min(chunkStart + rowsPerInsert, batch.records.count)]
            let insert: RawInsert
            if chunk.count == rowsPerInsert {
                insert = try fullChunk ?? RawInsert(sql: insertFullChunkSQL, in: db)
                fullChunk = insert
            } else {
                insert = try RawInsert(sql: insertMeasurementsSQL(rows: chunk.count), in: db)
            }
            defer { if insert !== fullChunk { insert.finalize() } }
            deviceRowIds.removeAll(keepingCapacity: true)
            for (row, record) in chunk.enumerated() {
                let deviceRowId = try record.device.map(rowId(for:)) ?? defaultRowId
                deviceRowIds.append(deviceRowId)
                bind(
                    record.measurement,
                    deviceRowId: deviceRowId,
                    receivedAtMs: batch.receivedAtMs,
                    row: row,
                    to: insert
                )
            }
            returned.removeAll(keepingCapacity: true)
            try insert.run { returned.append($0) }

            // Every row new, the usual case: SQLite gives the rows of one INSERT ascending ids in row order.
            let allNew = returned.count == chunk.count
            if allNew { returned.sort() }
            // Otherwise the chunk held records already stored (a re-import) or one record twice: each row is
            // looked up by its key, and is new when the id found is one this INSERT returned and no earlier row
            // of the chunk took (the second of two equal keys finds the first's id).
            var unclaimed = allNew ? [] : Set(returned)
            for (row, record) in zip(chunk.indices, chunk) {
                let m = record.measurement
                // Tallied per run of one kind (a batch is mostly one kind): a hash per row showed in the profile.
                if m.kind != runKind {
                    outcome.add(run, of: runKind)
                    (runKind, run) = (m.kind, IngestOutcome.KindTally())
                }
                if allNew {
                    run.stored += 1
                    outcome.storedIds.append(returned[row - chunk.startIndex])
                    continue
                }
                let stored = try storedRow(of: m, deviceRowId: deviceRowIds[row - chunk.startIndex], in: db)
                if let stored, unclaimed.remove(stored.id) != nil {
                    run.stored += 1
                    outcome.storedIds.append(stored.id)
                } else {
                    run.duplicates += 1
                    if let stored, let conflict = conflict(of: m, index: row, storedAs: stored) {
                        outcome.conflicts.append(conflict)
                    }
                }
            }
            chunkStart += chunk.count
        }
        outcome.add(run, of: runKind)

        if let first = outcome.storedIds.first, let last = outcome.storedIds.last,
            try deviceRows.values.contains(where: { try isAssigned(deviceRowId: $0, in: db) })
        {
            try claimReadings(ids: first...last, atMs: batch.receivedAtMs, in: db)
        }
        if let cursor = batch.cursor {
            try db.cachedStatement(sql: upsertCursorSQL)
                .execute(arguments: [defaultRowId, cursor, batch.receivedAtMs])
        }
        return outcome
    }

    /// Binds one measurement's 14 values as row `row` of a multi-row INSERT.
    private static func bind(
        _ m: NormalizedMeasurement,
        deviceRowId: Int64,
        receivedAtMs: Int64,
        row: Int,
        to insert: RawInsert
    ) {
        let base = Int32(row) * columnsPerRow
        insert.bind(base + 1, deviceRowId)
        insert.bind(base + 2, m.sourceRecordId)
        insert.bind(base + 3, m.kind.rawValue)
        insert.bind(base + 4, m.value)
        insert.bind(base + 5, CompactJSON.object(m.components))
        insert.bind(base + 6, m.unit)
        insert.bind(base + 7, m.originalValue)
        insert.bind(base + 8, CompactJSON.object(m.originalComponents))
        insert.bind(base + 9, m.originalUnit)
        insert.bind(base + 10, m.startMs)
        insert.bind(base + 11, m.endMs)
        insert.bind(base + 12, Int64(m.utcOffsetSeconds))
        insert.bind(base + 13, CompactJSON.context(m.context))
        insert.bind(base + 14, receivedAtMs)
    }

    /// The row stored under a record's key: its id and what a conflict is judged on.
    private struct StoredRow {
        var id: Int64
        var value: Double?
        var components: String?
        var unit: String
        var startMs: Int64
        var endMs: Int64?
    }

    private static func storedRow(of m: NormalizedMeasurement, deviceRowId: Int64, in db: Database) throws
        -> StoredRow?
    {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: storedRowSQL),
                arguments: [deviceRowId, m.sourceRecordId]
            )
        else { return nil }
        return StoredRow(
            id: row["id"],
            value: row["value"],
            components: row["components"],
            unit: row["unit"],
            startMs: row["startMs"],
            endMs: row["endMs"]
        )
    }

    /// The conflict between a duplicate and the record stored under its id (issue 21: the same id with another
    /// value in another file, or twice in one batch), or nil when they agree.
    private static func conflict(
        of m: NormalizedMeasurement,
        index: Int,
        storedAs stored: StoredRow
    ) -> IngestOutcome.IngestConflict? {
        let (value, components, unit, startMs, endMs) = (
            stored.value, stored.components, stored.unit, stored.startMs, stored.endMs
        )
        let sentComponents = CompactJSON.object(m.components)
        guard value != m.value || components != sentComponents || startMs != m.startMs || endMs != m.endMs else {
            return nil
        }
        func describe(_ value: Double?, _ components: String?, _ unit: String, _ startMs: Int64) -> String {
            let amount = value.map { "\($0)" } ?? components ?? "no value"
            return "\(amount) \(unit) at \(RFC3339.format(epochMilliseconds: startMs, utcOffsetSeconds: 0))"
        }
        return IngestOutcome.IngestConflict(
            index: index,
            sourceRecordId: m.sourceRecordId,
            reason: "already stored as \(describe(value, components, unit, startMs)); this record has "
                + "\(describe(m.value, sentComponents, m.unit, m.startMs)). The stored one is kept"
        )
    }

    static let deviceIsAssignedSQL = "SELECT 1 FROM deviceAssignment WHERE deviceRowId = ? LIMIT 1"

    static let claimRangeSQL =
        "INSERT INTO measurementOwner (measurementId, profileId, ownedSinceMs) "
        + Schema.claimSelect(restrictedBy: "AND m.id BETWEEN ? AND ?") + " ON CONFLICT (measurementId) DO NOTHING"

    /// Whether any user slot of the device is assigned to a profile (most imported devices are not, until the
    /// patient assigns them: then claiming would only look at every new row to find no owner).
    private static func isAssigned(deviceRowId: Int64, in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: deviceIsAssignedSQL), arguments: [deviceRowId]) ?? false
    }

    /// Gives the new readings among `ids` to the profiles their device slots are assigned to (schema v5: ownership
    /// is decided when a reading is stored). A transaction's new rows have consecutive ids, so a range names them.
    static func claimReadings(ids: ClosedRange<Int64>, atMs: Int64, in db: Database) throws {
        try db.cachedStatement(sql: claimRangeSQL).execute(arguments: [atMs, ids.lowerBound, ids.upperBound])
    }

    private static func upsertDevice(_ device: DeviceIdentity, seenAtMs: Int64, in db: Database) throws -> Int64 {
        let statement = try db.cachedStatement(sql: upsertDeviceSQL)
        let arguments: StatementArguments = [
            device.adapterId, device.deviceId, device.manufacturer, device.model, device.serial, seenAtMs, seenAtMs,
        ]
        guard let rowId = try Int64.fetchOne(statement, arguments: arguments) else {
            // RETURNING yields the row for both the insert and the update branch; no row means SQLite misbehaved.
            throw DatabaseError(message: "device upsert for \(device.adapterId)/\(device.deviceId) returned no row id")
        }
        return rowId
    }
}

extension IngestOutcome {
    /// Counts a run of records of one kind (nothing for an empty run).
    fileprivate mutating func add(_ run: KindTally, of kind: MeasurementKind?) {
        guard let kind, run.stored + run.duplicates > 0 else { return }
        stored += run.stored
        duplicates += run.duplicates
        if run.stored > 0 { touchedKinds.insert(kind) }
        perKind[kind, default: KindTally()].stored += run.stored
        perKind[kind, default: KindTally()].duplicates += run.duplicates
    }
}
