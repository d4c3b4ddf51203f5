import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// Replaces the value of a weight or blood pressure the profile typed by hand (`replacement`'s value, components
    /// and units; the time and phase stay), or deletes it when `replacement` is nil, and records the change with the
    /// old value, all in one transaction. Returns the entry as it was. Throws `EntryCorrectionError` for an id that is
    /// not the profile's entry of that kind, or not a manual entry.
    @discardableResult
    public func correctManualMeasurement(
        id: Int64,
        entry: CorrectedEntry,
        profile: StoredProfile,
        replacement: NormalizedMeasurement?,
        by changedBy: String,
        atMs: Int64
    ) async throws -> StoredMeasurement {
        let kind: MeasurementKind = entry == .weight ? .bodyWeight : .bloodPressure
        return try await pool.write { db in
            try Self.requireTerms(TermsOfService.current.version, in: db)
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT m.id, m.sourceRecordId, m.kind, m.value, m.components, m.unit,
                               m.originalValue, m.originalComponents, m.originalUnit,
                               m.startMs, m.endMs, m.utcOffsetSeconds, m.context, m.receivedAtMs,
                               d.id AS deviceRowId, d.adapterId, d.deviceId, d.manufacturer, d.model, d.serial,
                               d.firstSeenAtMs, d.lastSeenAtMs
                        FROM measurement m
                        JOIN device d ON d.id = m.deviceRowId
                        JOIN measurementOwner o ON o.measurementId = m.id
                        WHERE m.id = ? AND m.kind = ? AND o.profileId = ?
                        """,
                    arguments: [id, kind.rawValue, profile.id]
                )
            else { throw EntryCorrectionError.notFound(entry, id: id, profile: profile.name) }
            let old = try Self.storedMeasurement(row)
            guard old.device.identity.adapterId == "manual" else {
                throw EntryCorrectionError.notManual(entry, id: id, source: old.device.identity.adapterId)
            }
            if let replacement {
                try db.execute(
                    sql: """
                        UPDATE measurement SET value = ?, components = ?, unit = ?, originalValue = ?,
                            originalComponents = ?, originalUnit = ?
                        WHERE id = ?
                        """,
                    arguments: [
                        replacement.value, CompactJSON.object(replacement.components), replacement.unit,
                        replacement.originalValue, CompactJSON.object(replacement.originalComponents),
                        replacement.originalUnit, id,
                    ]
                )
            } else {
                for table in ["weightPhase", "bloodPressurePhase", "measurementOwner"] {
                    try db.execute(sql: "DELETE FROM \(table) WHERE measurementId = ?", arguments: [id])
                }
                try db.execute(sql: "DELETE FROM measurement WHERE id = ?", arguments: [id])
            }
            try Self.recordChange(
                profileId: profile.id,
                entry: entry,
                entryId: id,
                old: Self.changeJSON(old.measurement),
                new: replacement.map(Self.changeJSON),
                by: changedBy,
                atMs: atMs,
                in: db
            )
            return old
        }
    }

    /// Replaces a lab result of the profile (`replacement`: its value, unit and time), or deletes it when nil, and
    /// records the change, in one transaction; returns the result as it was. Throws `EntryCorrectionError`.
    @discardableResult
    public func correctLabResult(
        id: Int64,
        profile: StoredProfile,
        replacement: LabValue?,
        by changedBy: String,
        atMs: Int64
    ) async throws -> StoredLabResult {
        try await pool.write { db in
            try Self.requireTerms(TermsOfService.current.version, in: db)
            guard let record = try LabResultRecord.fetchOne(db, key: id), record.profileId == profile.id else {
                throw EntryCorrectionError.notFound(.lab, id: id, profile: profile.name)
            }
            let old = record.stored
            if let replacement {
                let clash = try Bool.fetchOne(
                    db,
                    sql: "SELECT 1 FROM labResult WHERE profileId = ? AND analyte = ? AND takenAtMs = ? AND id <> ?",
                    arguments: [
                        profile.id, replacement.analyteID, replacement.takenAt.epochMilliseconds, id,
                    ]
                )
                if clash == true {
                    throw EntryCorrectionError.duplicateLab(id: id, analyte: replacement.analyteID)
                }
                try db.execute(
                    sql: """
                        UPDATE labResult SET analyte = ?, value = ?, unit = ?, originalValue = ?, originalUnit = ?,
                            takenAtMs = ?, utcOffsetSeconds = ?
                        WHERE id = ?
                        """,
                    arguments: [
                        replacement.analyteID, replacement.value, replacement.unit, replacement.originalValue,
                        replacement.originalUnit, replacement.takenAt.epochMilliseconds,
                        replacement.takenAt.utcOffsetSeconds, id,
                    ]
                )
            } else {
                try db.execute(sql: "DELETE FROM labResult WHERE id = ?", arguments: [id])
            }
            try Self.recordChange(
                profileId: profile.id,
                entry: .lab,
                entryId: id,
                old: Self.changeJSON(old.value),
                new: replacement.map(Self.changeJSON),
                by: changedBy,
                atMs: atMs,
                in: db
            )
            return old
        }
    }

    /// The profile's recorded corrections, newest first.
    public func entryChanges(profileId: Int64) async throws -> [EntryChange] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, profileId, entry, entryId, action, oldValue, newValue, changedBy, changedAtMs
                    FROM entryChange WHERE profileId = ? ORDER BY changedAtMs DESC, id DESC
                    """,
                arguments: [profileId]
            ).compactMap { row in
                guard let entry = CorrectedEntry(rawValue: row["entry"]),
                    let action = EntryChange.Action(rawValue: row["action"])
                else { return nil }
                return EntryChange(
                    id: row["id"],
                    profileId: row["profileId"],
                    entry: entry,
                    entryId: row["entryId"],
                    action: action,
                    oldValue: row["oldValue"],
                    newValue: row["newValue"],
                    changedBy: row["changedBy"],
                    changedAtMs: row["changedAtMs"]
                )
            }
        }
    }

    /// Adds one row to the change log, inside the caller's transaction.
    static func recordChange(
        profileId: Int64,
        entry: CorrectedEntry,
        entryId: Int64,
        old: String,
        new: String?,
        by changedBy: String,
        atMs: Int64,
        in db: Database
    ) throws {
        try db.execute(
            sql: """
                INSERT INTO entryChange (profileId, entry, entryId, action, oldValue, newValue, changedBy, changedAtMs)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                profileId, entry.rawValue, entryId, new == nil ? "delete" : "edit", old, new, changedBy, atMs,
            ]
        )
    }

    /// A measurement's value as the change log keeps it.
    static func changeJSON(_ measurement: NormalizedMeasurement) -> String {
        changeJSON([
            "kind": measurement.kind.rawValue, "value": measurement.value, "components": measurement.components,
            "unit": measurement.unit, "originalValue": measurement.originalValue,
            "originalComponents": measurement.originalComponents, "originalUnit": measurement.originalUnit,
            "startMs": measurement.startMs,
        ])
    }

    /// A lab value as the change log keeps it.
    static func changeJSON(_ value: LabValue) -> String {
        changeJSON([
            "analyte": value.analyteID, "value": value.value, "unit": value.unit,
            "originalValue": value.originalValue, "originalUnit": value.originalUnit,
            "takenAtMs": value.takenAt.epochMilliseconds,
        ])
    }

    /// Compact JSON with sorted keys; nil values are left out.
    static func changeJSON(_ fields: [String: Any?]) -> String {
        let present = fields.compactMapValues { $0 }
        guard let data = try? JSONSerialization.data(withJSONObject: present, options: [.sortedKeys]) else {
            return "{}"
        }
        return String(decoding: data, as: UTF8.self)
    }
}
