import Foundation
import Logging
import PostgresNIO

extension CareStore {
    /// Stores a clinician's order unless the patient already has one with this identifier (a retried write): the
    /// stored order and whether it is new. One transaction with its audit event, under the patient's order lock.
    public func addOrder(
        patientID: Int64,
        identifier: UUID,
        authorID: Int64,
        resource: String,
        audit: (Int64) -> AuditEvent
    ) async throws -> (order: StoredOrder, created: Bool) {
        let identifierText = identifier.uuidString.lowercased()
        return try await transaction { connection in
            try await OrderRows.lock(patientID, on: connection, logger: logger)
            let inserted = try await OrderRows.read(
                connection.query(
                    """
                    INSERT INTO medication_order (patient_id, identifier, status, author_id, resource)
                    VALUES (\(patientID), \(identifierText)::uuid, 'active', \(authorID), \(resource)::jsonb)
                    ON CONFLICT (patient_id, identifier) DO NOTHING
                    RETURNING \(unescaped: OrderRows.columns)
                    """,
                    logger: logger
                )
            ).first
            if let inserted {
                try await AuditWriter.insert([audit(inserted.rowID)], on: connection, logger: logger)
                return (inserted, true)
            }
            let existing = try await OrderRows.read(
                connection.query(
                    """
                    SELECT \(unescaped: OrderRows.columns) FROM medication_order
                    WHERE patient_id = \(patientID) AND identifier = \(identifierText)::uuid
                    """,
                    logger: logger
                )
            ).first
            guard let existing else { throw StoreError.notFound("medication order") }
            return (existing, false)
        }
    }

    /// Stops an order: status `stopped`, the next version and a new change sequence, in one transaction with its
    /// audit event. An order already stopped is answered as it is (a retried stop changes nothing); nil when the
    /// patient has no order with this identifier.
    public func stopOrder(
        patientID: Int64,
        identifier: UUID,
        audit: (Int64) -> AuditEvent
    ) async throws -> StoredOrder? {
        let identifierText = identifier.uuidString.lowercased()
        return try await transaction { connection in
            try await OrderRows.lock(patientID, on: connection, logger: logger)
            let stopped = try await OrderRows.read(
                connection.query(
                    """
                    UPDATE medication_order SET status = 'stopped', version = version + 1, updated_at = now(),
                        change_seq = nextval('medication_order_change'),
                        resource = jsonb_set(resource, '{status}', '"stopped"')
                    WHERE patient_id = \(patientID) AND identifier = \(identifierText)::uuid AND status <> 'stopped'
                    RETURNING \(unescaped: OrderRows.columns)
                    """,
                    logger: logger
                )
            ).first
            if let stopped {
                try await AuditWriter.insert([audit(stopped.rowID)], on: connection, logger: logger)
                return stopped
            }
            return try await OrderRows.read(
                connection.query(
                    """
                    SELECT \(unescaped: OrderRows.columns) FROM medication_order
                    WHERE patient_id = \(patientID) AND identifier = \(identifierText)::uuid
                    """,
                    logger: logger
                )
            ).first
        }
    }

    /// A patient's orders, in the order their current versions were written; with `after`, only those whose
    /// current version came after that change sequence (what a hub has not pulled yet).
    public func orders(patientID: Int64, after: Int64 = 0) async throws -> [StoredOrder] {
        try await OrderRows.read(
            client.query(
                """
                SELECT \(unescaped: OrderRows.columns) FROM medication_order
                WHERE patient_id = \(patientID) AND change_seq > \(after) ORDER BY change_seq
                """,
                logger: logger
            )
        )
    }
}

/// Reading order rows in one place.
enum OrderRows {
    static let columns = """
        id, patient_id, identifier::text, version, status, author_id,
        to_char(authored_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
        to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), change_seq, resource::text
        """

    /// The patient's order lock for this transaction: writers of one patient's orders take turns, so their change
    /// sequences commit in the order they were drawn. (The key's high half names orders, apart from other locks.)
    static func lock(_ patientID: Int64, on connection: PostgresConnection, logger: Logger) async throws {
        // Two patients whose ids agree in their low 32 bits share a lock: they only take turns more than needed.
        let key = Int32(truncatingIfNeeded: patientID)
        try await connection.query("SELECT pg_advisory_xact_lock(7, \(key))", logger: logger)
    }

    static func read(_ rows: PostgresRowSequence) async throws -> [StoredOrder] {
        var orders: [StoredOrder] = []
        for try await (id, patient, identifier, version, status, author, authored, updated, change, resource)
            in rows.decode((Int64, Int64, String, Int32, String, Int64, String, String, Int64, String).self)
        {
            orders.append(
                StoredOrder(
                    rowID: id,
                    patientID: patient,
                    identifier: identifier,
                    version: version,
                    status: status,
                    authorID: author,
                    authoredAt: authored,
                    updatedAt: updated,
                    changeSequence: change,
                    resource: resource
                )
            )
        }
        return orders
    }
}
