import Care
import Clinical
import Foundation
import GRDB
import HubRecords

extension HubDatabase {
    /// Stores a new order or replaces the one with its id (in one transaction, dosages included), once the terms
    /// are accepted. An order of another profile with the same id is refused.
    public func saveMedicationOrder(
        _ order: MedicationOrder,
        profileId: Int64,
        atMs: Int64,
        termsVersion: String = TermsOfService.current.version
    ) async throws(PatientRecordError) {
        try await patientRecordWrite { db in
            try Self.requireTerms(termsVersion, in: db)
            try Self.saveMedicationOrder(order, profileId: profileId, atMs: atMs, in: db)
        }
    }

    /// Stores several orders in one transaction (an import): all or none.
    public func saveMedicationOrders(
        _ orders: [MedicationOrder],
        profileId: Int64,
        atMs: Int64,
        termsVersion: String = TermsOfService.current.version
    ) async throws(PatientRecordError) {
        try await patientRecordWrite { db in
            try Self.requireTerms(termsVersion, in: db)
            for order in orders { try Self.saveMedicationOrder(order, profileId: profileId, atMs: atMs, in: db) }
        }
    }

    static func saveMedicationOrder(_ order: MedicationOrder, profileId: Int64, atMs: Int64, in db: Database) throws {
        let id = order.id.uuidString.lowercased()
        if let owner = try Int64.fetchOne(
            db,
            sql: "SELECT profileId FROM medicationOrder WHERE id = ?",
            arguments: [id]
        ),
            owner != profileId
        {
            throw PatientRecordError.database("medication order \(id) belongs to another profile")
        }
        let prescriber: String? =
            switch order.prescriber {
            case .patient: nil
            case .clinician(let name): name
            }
        try db.execute(
            sql: """
                INSERT INTO medicationOrder
                    (id, profileId, name, rxNorm, prescriber, status, reason, note, authoredOn, createdAtMs, updatedAtMs)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET name = excluded.name, rxNorm = excluded.rxNorm,
                    prescriber = excluded.prescriber, status = excluded.status, reason = excluded.reason,
                    note = excluded.note, authoredOn = excluded.authoredOn,
                    updatedAtMs = max(excluded.updatedAtMs, medicationOrder.createdAtMs)
                """,
            arguments: [
                id, profileId, order.medication.name, order.medication.rxNorm, prescriber, order.status.rawValue,
                order.reason, order.note, order.authoredOn?.description, atMs, atMs,
            ]
        )
        try db.execute(sql: "DELETE FROM medicationDosage WHERE orderId = ?", arguments: [id])
        for (position, dosage) in order.dosages.enumerated() {
            try db.execute(
                sql: "INSERT INTO medicationDosage (orderId, position, dosage) VALUES (?, ?, ?)",
                arguments: [id, position, try GoalJSON.encode(dosage)]
            )
        }
    }

    /// A profile's orders, oldest first (every status).
    public func medicationOrders(profileId: Int64) async throws(PatientRecordError) -> [MedicationOrder] {
        try await patientRecordRead { db in try Self.medicationOrders(profileId: profileId, in: db) }
    }

    static func medicationOrders(profileId: Int64, in db: Database) throws -> [MedicationOrder] {
        // Cached statements: Today and the medications page read the orders on every request (perf).
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM medicationOrder WHERE profileId = ? ORDER BY createdAtMs, rowid"),
            arguments: [profileId]
        )
        var dosages: [String: [DosageInstruction]] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT orderId, dosage FROM medicationDosage
                    WHERE orderId IN (SELECT id FROM medicationOrder WHERE profileId = ?) ORDER BY orderId, position
                    """
            ),
            arguments: [profileId]
        ) {
            let orderId: String = row["orderId"]
            let dosage = try MedicationJSON.decode(
                DosageInstruction.self,
                row["dosage"],
                table: "medicationDosage",
                key: orderId
            )
            dosages[orderId, default: []].append(dosage)
        }
        return try rows.map { row in
            let id: String = row["id"]
            guard let uuid = UUID(uuidString: id) else {
                throw HubStoreError.corruptRow(table: "medicationOrder", id: 0, reason: "id '\(id)' is not a UUID")
            }
            let status: String = row["status"]
            let authored: String? = row["authoredOn"]
            let prescriber: String? = row["prescriber"]
            return MedicationOrder(
                id: uuid,
                medication: MedicationCode(name: row["name"], rxNorm: row["rxNorm"]),
                prescriber: prescriber.map(Prescriber.clinician) ?? .patient,
                status: OrderStatus(rawValue: status) ?? .stopped,
                reason: row["reason"],
                dosages: dosages[id] ?? [],
                note: row["note"],
                authoredOn: try authored.map { text in
                    do { return try CalendarDate(parsing: text) } catch {
                        throw HubStoreError.corruptRow(table: "medicationOrder", id: 0, reason: "\(error)")
                    }
                }
            )
        }
    }
}

/// JSON columns of the medication tables.
enum MedicationJSON {
    static func decode<T: Decodable>(_ type: T.Type, _ text: String, table: String, key: String) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(text.utf8))
        } catch {
            throw HubStoreError.corruptRow(table: table, id: 0, reason: "\(key): \(error)")
        }
    }
}

extension HubDatabase {
    /// The medications the interaction rules read for a profile: its active orders, and any free-text medication
    /// still in the profile (`InteractionMedications`).
    public func interactionMedications(for stored: StoredProfile) async throws(PatientRecordError) -> [Medication] {
        InteractionMedications.of(
            orders: try await medicationOrders(profileId: stored.id),
            freeText: stored.profile.medications
        )
    }
}
