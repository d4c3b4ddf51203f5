import Care
import Foundation
import GRDB
import HubRecords

extension HubDatabase {
    /// Applies a pull of care-team orders to the profile's medications and moves the order cursor to `cursor`, in
    /// one transaction (all or none; a pull interrupted before it commits is pulled again).
    ///
    /// A new order becomes a medication with its schedule, marked with its origin; a newer version that is stopped
    /// stops it; a version already applied changes nothing. The patient's own edits are never overwritten: a stop
    /// changes the status alone (a dose she changed stays as she set it), a medication she deleted is not brought
    /// back by a version already applied, and an order whose medication she already entered herself is added
    /// beside hers and named in `besideOwn`.
    public func applyCareTeamOrders(
        _ pulled: [PulledCareTeamOrder],
        profileId: Int64,
        cursor: Int64,
        atMs: Int64
    ) async throws(PatientRecordError) -> CareTeamOrderChanges {
        try await patientRecordWrite { db in
            var changes = CareTeamOrderChanges()
            for item in pulled {
                let id = item.order.id.uuidString.lowercased()
                let applied = try Int.fetchOne(
                    db,
                    sql: "SELECT serverVersion FROM careTeamOrder WHERE orderId = ? AND profileId = ?",
                    arguments: [id, profileId]
                )
                if let applied, applied >= item.version {
                    changes.unchanged += 1
                    continue
                }
                let current = try Self.medicationOrders(profileId: profileId, in: db).first { $0.id == item.order.id }
                if var current {
                    // Known here already (pulled before, or restored from a backup): only a stop is taken over.
                    if item.order.status == .stopped, current.status != .stopped {
                        current.status = .stopped
                        try Self.saveMedicationOrder(current, profileId: profileId, atMs: atMs, in: db)
                        changes.stopped.append(current.medication.name)
                    } else {
                        changes.unchanged += 1
                    }
                } else {
                    let name = item.order.medication.name.trimmingCharacters(in: .whitespaces).lowercased()
                    let own = try Self.medicationOrders(profileId: profileId, in: db).contains {
                        $0.status.isActive
                            && $0.medication.name.trimmingCharacters(in: .whitespaces).lowercased() == name
                    }
                    try Self.saveMedicationOrder(item.order, profileId: profileId, atMs: atMs, in: db)
                    if item.order.status.isActive {
                        changes.added.append(item.order.medication.name)
                        if own { changes.besideOwn.append(item.order.medication.name) }
                    } else {
                        changes.stopped.append(item.order.medication.name)
                    }
                }
                try db.execute(
                    sql: """
                        INSERT INTO careTeamOrder (orderId, profileId, serverVersion, orderedBy, orderedAt, pulledAtMs)
                        VALUES (?, ?, ?, ?, ?, ?)
                        ON CONFLICT (orderId) DO UPDATE SET serverVersion = excluded.serverVersion,
                            orderedBy = excluded.orderedBy, orderedAt = excluded.orderedAt,
                            pulledAtMs = excluded.pulledAtMs
                        """,
                    arguments: [
                        id, profileId, item.version, String(item.origin.orderedBy.prefix(200)), item.origin.orderedAt,
                        atMs,
                    ]
                )
            }
            try db.execute(
                sql: "UPDATE careTeamLink SET orderCursor = max(orderCursor, ?) WHERE profileId = ?",
                arguments: [cursor, profileId]
            )
            return changes
        }
    }

    /// The profile's orders that came from the care team, by order id, with who ordered them when.
    public func careTeamOrderOrigins(profileId: Int64) async throws(PatientRecordError) -> [UUID: CareTeamOrderOrigin] {
        try await patientRecordRead { db in
            var origins: [UUID: CareTeamOrderOrigin] = [:]
            // Cached: the medications on Today are read on every request.
            for row in try Row.fetchAll(
                db.cachedStatement(sql: "SELECT orderId, orderedBy, orderedAt FROM careTeamOrder WHERE profileId = ?"),
                arguments: [profileId]
            ) {
                let text: String = row["orderId"]
                guard let id = UUID(uuidString: text) else { continue }
                origins[id] = CareTeamOrderOrigin(orderedBy: row["orderedBy"], orderedAt: row["orderedAt"])
            }
            return origins
        }
    }

    /// The order cursor of the profile's link (0 when it was never pulled or there is no link).
    public func careTeamOrderCursor(profileId: Int64) async throws(PatientRecordError) -> Int64 {
        try await patientRecordRead { db in
            try Int64.fetchOne(
                db,
                sql: "SELECT orderCursor FROM careTeamLink WHERE profileId = ?",
                arguments: [profileId]
            )
                ?? 0
        }
    }
}
