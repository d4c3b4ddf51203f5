import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// Measurements with their devices, oldest first; `sinceMs` is inclusive and `untilMs` exclusive (by start).
    ///
    /// With `profileId`, only the readings that belong to that profile (`measurementOwner`): claimed for it when
    /// stored or when their device was first assigned, through the reading's own user slot or the device-wide
    /// assignment (ARCHITECTURE.md, "Whose reading is it"); a later reassignment does not move them. A meter's
    /// control-solution tests are kept in the store but are not the patient's readings, so they are left out
    /// there (reports, trends, the FHIR export all read through this).
    public func measurements(
        kind: MeasurementKind? = nil,
        sinceMs: Int64? = nil,
        untilMs: Int64? = nil,
        limit: Int? = nil,
        profileId: Int64? = nil
    ) async throws -> [StoredMeasurement] {
        var (filter, arguments) = Self.measurementFilter(kind: kind, sinceMs: sinceMs, untilMs: untilMs)
        if let profileId {
            filter +=
                (filter.isEmpty ? "WHERE " : " AND ")
                + "EXISTS (SELECT 1 FROM measurementOwner o WHERE o.measurementId = m.id AND o.profileId = ?)"
                + " AND NOT \(Self.isControlSolutionSQL)"
            arguments += [profileId]
        }
        var sql = """
            SELECT m.id, m.sourceRecordId, m.kind, m.value, m.components, m.unit,
                   m.originalValue, m.originalComponents, m.originalUnit,
                   m.startMs, m.endMs, m.utcOffsetSeconds, m.context, m.receivedAtMs,
                   d.id AS deviceRowId, d.adapterId, d.deviceId, d.manufacturer, d.model, d.serial,
                   d.firstSeenAtMs, d.lastSeenAtMs
            FROM measurement m
            JOIN device d ON d.id = m.deviceRowId
            \(filter)
            ORDER BY m.startMs, m.id
            """
        var allArguments = arguments
        if let limit {
            sql += "\nLIMIT ?"
            allArguments += [limit]
        }
        let query = sql
        let queryArguments = allArguments
        return try await pool.read { db in
            try Row.fetchAll(db, sql: query, arguments: queryArguments).map(Self.storedMeasurement)
        }
    }

    /// The readings among `measurementIds` that a meter flagged as beyond its range (HI or LO), with their owners: what
    /// the post-commit work alerts on.
    public func outOfMeterRange(measurementIds: [Int64]) async throws -> [OwnedReading] {
        guard let low = measurementIds.min(), let high = measurementIds.max() else { return [] }
        let ids = Set(measurementIds)
        let query = """
            SELECT m.id, m.sourceRecordId, m.kind, m.value, m.components, m.unit,
                   m.originalValue, m.originalComponents, m.originalUnit,
                   m.startMs, m.endMs, m.utcOffsetSeconds, m.context, m.receivedAtMs,
                   d.id AS deviceRowId, d.adapterId, d.deviceId, d.manufacturer, d.model, d.serial,
                   d.firstSeenAtMs, d.lastSeenAtMs, o.profileId
            FROM measurement m
            JOIN device d ON d.id = m.deviceRowId
            LEFT JOIN measurementOwner o ON o.measurementId = m.id
            WHERE m.id BETWEEN ? AND ? AND m.context IS NOT NULL
              AND EXISTS (SELECT 1 FROM json_each(m.context, '$.measurementStatus') s WHERE s.value IN (\(Self.meterRangeStatusesSQL)))
            ORDER BY m.startMs, m.id
            """
        return try await pool.read { db in
            try Row.fetchAll(db, sql: query, arguments: [low, high]).filter { ids.contains($0["id"]) }.map { row in
                OwnedReading(reading: try Self.storedMeasurement(row), profileId: row["profileId"])
            }
        }
    }

    /// The stored readings among `measurementIds` of the given kinds with their owners, oldest first; a meter's
    /// control-solution tests are left out (they are not the patient's values).
    public func ownedReadings(measurementIds: [Int64], kinds: Set<MeasurementKind>) async throws -> [OwnedReading] {
        guard let low = measurementIds.min(), let high = measurementIds.max(), !kinds.isEmpty else { return [] }
        let ids = Set(measurementIds)
        let kindList = kinds.map { "'\($0.rawValue)'" }.sorted().joined(separator: ", ")
        let query = """
            SELECT m.id, m.sourceRecordId, m.kind, m.value, m.components, m.unit,
                   m.originalValue, m.originalComponents, m.originalUnit,
                   m.startMs, m.endMs, m.utcOffsetSeconds, m.context, m.receivedAtMs,
                   d.id AS deviceRowId, d.adapterId, d.deviceId, d.manufacturer, d.model, d.serial,
                   d.firstSeenAtMs, d.lastSeenAtMs, o.profileId
            FROM measurement m
            JOIN device d ON d.id = m.deviceRowId
            LEFT JOIN measurementOwner o ON o.measurementId = m.id
            WHERE m.id BETWEEN ? AND ? AND m.kind IN (\(kindList)) AND NOT \(Self.isControlSolutionSQL)
            ORDER BY m.startMs, m.id
            """
        return try await pool.read { db in
            try Row.fetchAll(db, sql: query, arguments: [low, high]).filter { ids.contains($0["id"]) }.map { row in
                OwnedReading(reading: try Self.storedMeasurement(row), profileId: row["profileId"])
            }
        }
    }

    /// How many measurements are stored, optionally of one kind and start-time window.
    public func measurementCount(
        kind: MeasurementKind? = nil,
        sinceMs: Int64? = nil,
        untilMs: Int64? = nil
    ) async throws -> Int {
        let (filter, arguments) = Self.measurementFilter(kind: kind, sinceMs: sinceMs, untilMs: untilMs)
        return try await pool.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM measurement m \(filter)", arguments: arguments) ?? 0
        }
    }

    /// Every device, in the order first seen.
    public func devices() async throws -> [StoredDevice] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id AS deviceRowId, adapterId, deviceId, manufacturer, model, serial, firstSeenAtMs, lastSeenAtMs
                    FROM device ORDER BY id
                    """
            ).map(Self.storedDevice)
        }
    }

    /// The cursor last stored with a batch for this device, to hand back in the next sync.
    public func syncCursor(adapterId: String, deviceId: String) async throws -> String? {
        try await pool.read { db in
            try String.fetchOne(
                db,
                sql: """
                    SELECT c.cursor FROM syncCursor c JOIN device d ON d.id = c.deviceRowId
                    WHERE d.adapterId = ? AND d.deviceId = ?
                    """,
                arguments: [adapterId, deviceId]
            )
        }
    }

    // MARK: - Row mapping

    private static func measurementFilter(
        kind: MeasurementKind?,
        sinceMs: Int64?,
        untilMs: Int64?
    ) -> (String, StatementArguments) {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let kind {
            conditions.append("m.kind = ?")
            arguments += [kind.rawValue]
        }
        if let sinceMs {
            conditions.append("m.startMs >= ?")
            arguments += [sinceMs]
        }
        if let untilMs {
            conditions.append("m.startMs < ?")
            arguments += [untilMs]
        }
        return (conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "), arguments)
    }

    private static func storedDevice(_ row: Row) -> StoredDevice {
        StoredDevice(
            rowId: row["deviceRowId"],
            identity: DeviceIdentity(
                adapterId: row["adapterId"],
                deviceId: row["deviceId"],
                manufacturer: row["manufacturer"],
                model: row["model"],
                serial: row["serial"]
            ),
            firstSeenAtMs: row["firstSeenAtMs"],
            lastSeenAtMs: row["lastSeenAtMs"]
        )
    }

    static func storedMeasurement(_ row: Row) throws(HubStoreError) -> StoredMeasurement {
        let id: Int64 = row["id"]
        let kindName: String = row["kind"]
        guard let kind = MeasurementKind(rawValue: kindName) else {
            throw .corruptRow(table: "measurement", id: id, reason: "unknown kind '\(kindName)'")
        }
        let measurement = NormalizedMeasurement(
            sourceRecordId: row["sourceRecordId"],
            kind: kind,
            value: row["value"],
            components: try decode([String: Double].self, row["components"], column: "components", id: id),
            unit: row["unit"],
            originalValue: row["originalValue"],
            originalComponents: try decode(
                [String: Double].self,
                row["originalComponents"],
                column: "originalComponents",
                id: id
            ),
            originalUnit: row["originalUnit"],
            startMs: row["startMs"],
            endMs: row["endMs"],
            utcOffsetSeconds: row["utcOffsetSeconds"],
            context: try decode(MeasurementContext.self, row["context"], column: "context", id: id)
        )
        return StoredMeasurement(
            id: id,
            device: storedDevice(row),
            measurement: measurement,
            receivedAtMs: row["receivedAtMs"]
        )
    }

    private static func decode<Value: Decodable>(
        _ type: Value.Type,
        _ json: String?,
        column: String,
        id: Int64
    ) throws(HubStoreError) -> Value? {
        guard let json else { return nil }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(json.utf8))
        } catch {
            throw .corruptRow(table: "measurement", id: id, reason: "\(column) is not valid JSON: \(error)")
        }
    }
}

extension HubDatabase {
    /// True for a row `m` of `measurement` whose context marks a meter's control-solution test.
    static let isControlSolutionSQL = """
        (\(hasMeasurementStatusSQL) AND EXISTS (SELECT 1 FROM json_each(m.context, '$.measurementStatus') s WHERE s.value = '\(NormalizedMeasurement.controlSolutionStatus)'))
        """

    /// True when `m.context` may hold a `measurementStatus` (false for NULL): a plain text search that spares the
    /// `json_each` table of every reading without one, which tripled the cost of a chart's daily means (perf). The
    /// hub writes the context itself (`CompactJSON.context`), so the key is always spelled out when present.
    static let hasMeasurementStatusSQL = """
        ifnull(instr(m.context, '"measurementStatus"'), 0) > 0
        """
}
