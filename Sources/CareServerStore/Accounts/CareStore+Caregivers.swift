import PostgresNIO

extension CareStore {
    /// Creates a caregiver account in the patient's clinic and grants it read access to her record, in one
    /// transaction with the audit event.
    public func createCaregiver(
        _ new: NewAccount,
        forPatient patientID: Int64,
        audit: (Int64) -> AuditEvent
    ) async throws -> AccountRecord {
        return try await transaction { connection in
            let rows = try await connection.query(
                """
                INSERT INTO account (clinic_id, role, username, password_hash, first_name)
                VALUES (\(new.clinicID), 'caregiver', \(new.username), \(new.passwordHash), \(new.firstName))
                RETURNING \(unescaped: AccountColumns.list)
                """,
                logger: logger
            )
            var created: AccountRecord?
            for try await row in rows { created = try AccountColumns.record(row) }
            guard let created else { throw StoreError.notFound("account") }
            try await connection.query(
                "INSERT INTO caregiver_grant (patient_id, caregiver_id) VALUES (\(patientID), \(created.id))",
                logger: logger
            )
            try await AuditWriter.insert([audit(created.id)], on: connection, logger: logger)
            return created
        }
    }

    /// Ends a caregiver's access to a patient's record; false if there was no such grant.
    public func revokeCaregiver(_ caregiverID: Int64, ofPatient patientID: Int64, audit: AuditEvent) async throws
        -> Bool
    {
        try await transaction { connection in
            let rows = try await connection.query(
                """
                DELETE FROM caregiver_grant WHERE patient_id = \(patientID) AND caregiver_id = \(caregiverID)
                RETURNING caregiver_id
                """,
                logger: logger
            )
            var found = false
            for try await _ in rows.decode(Int64.self) { found = true }
            if found { try await AuditWriter.insert([audit], on: connection, logger: logger) }
            return found
        }
    }
}
