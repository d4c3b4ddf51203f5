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

    static let insertMeasurementSQL = """
        INSERT INTO measurement (
            deviceRowId, sourceRecordId, kind, value, components, unit,
            originalValue, originalComponents, originalUnit,
            startMs, endMs, utcOffsetSeconds, context, receivedAtMs)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (deviceRowId, sourceRecordId) DO NOTHING
        """

    /// The stored twin of a duplicate, to tell a repeat from a conflict (issue 21: the same id with another value
    /// in another file, or twice in one batch, was counted as a plain duplicate).
    static let storedTwinSQL = """
        SELECT value, components, unit, startMs, endMs FROM measurement WHERE deviceRowId = ? AND sourceRecordId = ?
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
        let insert = try RawInsert(sql: insertMeasurementSQL, in: db)
        defer { insert.finalize() }
        var runKind = batch.records.first?.measurement.kind
        var run = IngestOutcome.KindTally()

        for (index, record) in batch.records.enumerated() {
            let deviceRowId = try record.device.map(rowId(for:)) ?? defaultRowId
            let m = record.measurement
            insert.bind(1, deviceRowId)
            insert.bind(2, m.sourceRecordId)
            insert.bind(3, m.kind.rawValue)
            insert.bind(4, m.value)
            insert.bind(5, CompactJSON.object(m.components))
            insert.bind(6, m.unit)
            insert.bind(7, m.originalValue)
            insert.bind(8, CompactJSON.object(m.originalComponents))
            insert.bind(9, m.originalUnit)
            insert.bind(10, m.startMs)
            insert.bind(11, m.endMs)
            insert.bind(12, Int64(m.utcOffsetSeconds))
            insert.bind(13, CompactJSON.context(m.context))
            insert.bind(14, batch.receivedAtMs)
            // Tallied per run of one kind (a batch is mostly one kind): a hash per row showed in the profile.
            if m.kind != runKind {
                outcome.add(run, of: runKind)
                (runKind, run) = (m.kind, IngestOutcome.KindTally())
            }
            // ON CONFLICT DO NOTHING changes no row for a record already stored.
            if try insert.step() {
                run.stored += 1
                outcome.storedIds.append(insert.lastInsertedRowID)
            } else {
                run.duplicates += 1
                if let conflict = try conflict(of: m, index: index, deviceRowId: deviceRowId, in: db) {
                    outcome.conflicts.append(conflict)
                }
            }
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

    /// The conflict between a duplicate and the record stored under its id, or nil when they agree.
    private static func conflict(
        of m: NormalizedMeasurement,
        index: Int,
        deviceRowId: Int64,
        in db: Database
    ) throws -> IngestOutcome.IngestConflict? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: storedTwinSQL),
                arguments: [deviceRowId, m.sourceRecordId]
            )
        else { return nil }
        let value: Double? = row["value"]
        let components: String? = row["components"]
        let unit: String = row["unit"]
        let startMs: Int64 = row["startMs"]
        let endMs: Int64? = row["endMs"]
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
