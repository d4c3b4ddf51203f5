import Foundation
import Logging
import PostgresNIO

/// Inserting audit events, on a connection inside the caller's transaction or as one batch of reads.
enum AuditWriter {
    /// Ids start at 1, so 0 stands for "none" in the arrays (PostgresNIO binds no arrays of optionals).
    static func insert(_ events: [AuditEvent], on connection: PostgresConnection, logger: Logger) async throws {
        guard !events.isEmpty else { return }
        try await connection.query(
            """
            INSERT INTO audit_event (at, clinic_id, actor_id, actor_role, action, resource, patient_id, resource_id,
                address)
            SELECT to_timestamp(at), clinic_id, actor_id, actor_role, action, resource, nullif(patient_id, 0),
                nullif(resource_id, 0), address
            FROM unnest(\(events.map(\.at.timeIntervalSince1970)), \(events.map(\.clinicID)),
                \(events.map(\.actorID)), \(events.map(\.actorRole.rawValue)), \(events.map(\.action)),
                \(events.map(\.resource)), \(events.map { $0.patientID ?? 0 }), \(events.map { $0.resourceID ?? 0 }),
                \(events.map(\.address)))
                AS u(at, clinic_id, actor_id, actor_role, action, resource, patient_id, resource_id, address)
            """,
            logger: logger
        )
    }
}

extension CareStore {
    /// Stores a batch of audit events (the reads, collected by the server) in one transaction.
    public func appendAudit(_ events: [AuditEvent]) async throws {
        guard !events.isEmpty else { return }
        try await transaction { connection in
            try await AuditWriter.insert(events, on: connection, logger: logger)
        }
    }

    /// The clinic's latest audit events, newest first.
    public func auditEvents(clinicID: Int64, limit: Int) async throws -> [AuditEvent] {
        let rows = try await client.query(
            """
            SELECT at, clinic_id, actor_id, actor_role, action, resource, patient_id, resource_id, address
            FROM audit_event WHERE clinic_id = \(clinicID) ORDER BY at DESC, id DESC LIMIT \(limit)
            """,
            logger: logger
        )
        var events: [AuditEvent] = []
        for try await (at, clinic, actor, role, action, resource, patient, resourceID, address) in rows.decode(
            (Date, Int64, Int64, String, String, String, Int64?, Int64?, String).self
        ) {
            guard let role = Role(rawValue: role) else { throw StoreError.unreadable("role") }
            events.append(
                AuditEvent(
                    at: at,
                    clinicID: clinic,
                    actorID: actor,
                    actorRole: role,
                    action: action,
                    resource: resource,
                    patientID: patient,
                    resourceID: resourceID,
                    address: address
                )
            )
        }
        return events
    }
}
