import Care
import Clinical
import Foundation
import GRDB
import HubRecords

extension HubDatabase {
    /// Adds an entry to the dose log once the terms are accepted; the order must be the profile's.
    public func recordDose(
        _ record: DoseRecord,
        profileId: Int64,
        termsVersion: String = TermsOfService.current.version
    ) async throws(PatientRecordError) {
        try await patientRecordWrite { db in
            try Self.requireTerms(termsVersion, in: db)
            try Self.insertDose(record, profileId: profileId, in: db)
        }
    }

    /// Adds several entries in one transaction (an import): all or none; an entry already stored (same id) is kept.
    public func recordDoses(
        _ records: [DoseRecord],
        profileId: Int64,
        termsVersion: String = TermsOfService.current.version
    ) async throws(PatientRecordError) {
        try await patientRecordWrite { db in
            try Self.requireTerms(termsVersion, in: db)
            for record in records { try Self.insertDose(record, profileId: profileId, in: db) }
        }
    }

    static func insertDose(_ record: DoseRecord, profileId: Int64, in db: Database) throws {
        let orderId = record.orderId.uuidString.lowercased()
        guard
            try Int64.fetchOne(
                db,
                sql: "SELECT profileId FROM medicationOrder WHERE id = ?",
                arguments: [orderId]
            ) == profileId
        else {
            throw PatientRecordError.database("medication order \(orderId) is not this profile's")
        }
        try db.execute(
            sql: """
                INSERT INTO medicationDose (id, profileId, orderId, dosageIndex, doseDate, slot, status, takenAtMs,
                    reason, recordedAtMs)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO NOTHING
                """,
            arguments: [
                record.id.uuidString.lowercased(), profileId, orderId, record.dose?.dosageIndex,
                record.dose?.date.description, record.dose?.slot, record.status.rawValue, record.takenAtMs,
                record.reason, record.recordedAtMs,
            ]
        )
    }

    /// Marks a log entry as entered in error, with why; returns false when the profile has no such entry.
    public func markDoseEnteredInError(id: UUID, profileId: Int64, reason: String) async throws(PatientRecordError)
        -> Bool
    {
        try await patientRecordWrite { db in
            try db.execute(
                sql: """
                    UPDATE medicationDose SET status = 'entered-in-error', reason = ?
                    WHERE id = ? AND profileId = ?
                    """,
                arguments: [reason, id.uuidString.lowercased(), profileId]
            )
            return db.changesCount > 0
        }
    }

    /// The profile's dose log, oldest entry first; one order's when `orderId` is given.
    public func doseRecords(profileId: Int64, orderId: UUID? = nil) async throws(PatientRecordError) -> [DoseRecord] {
        try await patientRecordRead { db in
            let order = orderId?.uuidString.lowercased()
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM medicationDose WHERE profileId = ? AND (? IS NULL OR orderId = ?)
                    ORDER BY recordedAtMs, rowid
                    """,
                arguments: [profileId, order, order]
            ).map(Self.doseRecord)
        }
    }

    static func doseRecord(_ row: Row) throws -> DoseRecord {
        let id: String = row["id"]
        func corrupt(_ reason: String) -> HubStoreError {
            .corruptRow(table: "medicationDose", id: 0, reason: "\(id): \(reason)")
        }
        let orderText: String = row["orderId"]
        guard let uuid = UUID(uuidString: id), let orderId = UUID(uuidString: orderText) else {
            throw corrupt("not a UUID")
        }
        let statusText: String = row["status"]
        guard let status = DoseStatus(rawValue: statusText) else { throw corrupt("status '\(statusText)'") }
        var key: DoseKey?
        if let index: Int = row["dosageIndex"], let dateText: String = row["doseDate"], let slot: String = row["slot"] {
            do {
                key = DoseKey(
                    orderId: orderId,
                    dosageIndex: index,
                    date: try CalendarDate(parsing: dateText),
                    slot: slot
                )
            } catch {
                throw corrupt("\(error)")
            }
        }
        return DoseRecord(
            id: uuid,
            orderId: orderId,
            dose: key,
            status: status,
            takenAtMs: row["takenAtMs"],
            reason: row["reason"],
            recordedAtMs: row["recordedAtMs"]
        )
    }
}
