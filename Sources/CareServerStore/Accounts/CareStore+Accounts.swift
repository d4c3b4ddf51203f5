import PostgresNIO

extension CareStore {
    /// Creates an account in one transaction, with `audit` recorded in it; `StoreError.duplicateUsername` if the
    /// username is taken (nothing is written then).
    public func createAccount(_ new: NewAccount, audit: (Int64) -> AuditEvent?) async throws -> AccountRecord {
        return try await transaction { connection in
            let rows = try await connection.query(
                """
                INSERT INTO account (clinic_id, role, username, password_hash, first_name, drug_course_id,
                    month_of_treatment)
                VALUES (\(new.clinicID), \(new.role.rawValue), \(new.username), \(new.passwordHash),
                    \(new.firstName), \(new.drugCourseID), \(new.monthOfTreatment))
                RETURNING \(unescaped: AccountColumns.list)
                """,
                logger: logger
            )
            var created: AccountRecord?
            for try await row in rows { created = try AccountColumns.record(row) }
            guard let created else { throw StoreError.notFound("account") }
            if let event = audit(created.id) { try await AuditWriter.insert([event], on: connection, logger: logger) }
            return created
        }
    }

    /// The account with this id, if any.
    public func account(id: Int64) async throws -> AccountRecord? {
        let rows = try await client.query(
            "SELECT \(unescaped: AccountColumns.list) FROM account WHERE id = \(id)",
            logger: logger
        )
        for try await row in rows { return try AccountColumns.record(row) }
        return nil
    }

    /// The account and bcrypt hash for a sign-in, if the username exists.
    public func signInRecord(username: String) async throws -> (account: AccountRecord, passwordHash: String)? {
        let rows = try await client.query(
            "SELECT \(unescaped: AccountColumns.list), password_hash FROM account WHERE username = \(username)",
            logger: logger
        )
        for try await row in rows {
            let hash = try row.decode((Int64, Int64, String, String, String, Int32?, Int32?, String).self).7
            return (try AccountColumns.record(row), hash)
        }
        return nil
    }

    /// The patients of clinic `clinicID`, by id.
    public func patients(ofClinic clinicID: Int64) async throws -> [AccountRecord] {
        let rows = try await client.query(
            """
            SELECT \(unescaped: AccountColumns.list) FROM account
            WHERE clinic_id = \(clinicID) AND role = 'patient' ORDER BY id
            """,
            logger: logger
        )
        var found: [AccountRecord] = []
        for try await row in rows { found.append(try AccountColumns.record(row)) }
        return found
    }

    /// Applies `changes` to account `id` in one transaction with its audit event; the account as it is after.
    public func updateAccount(id: Int64, _ changes: AccountChanges, audit: AuditEvent) async throws -> AccountRecord {
        return try await transaction { connection in
            let rows = try await connection.query(
                """
                UPDATE account SET
                    username = coalesce(\(changes.username), username),
                    password_hash = coalesce(\(changes.passwordHash), password_hash),
                    first_name = coalesce(\(changes.firstName), first_name),
                    drug_course_id = coalesce(\(changes.drugCourseID), drug_course_id),
                    month_of_treatment = coalesce(\(changes.monthOfTreatment), month_of_treatment)
                WHERE id = \(id)
                RETURNING \(unescaped: AccountColumns.list)
                """,
                logger: logger
            )
            var updated: AccountRecord?
            for try await row in rows { updated = try AccountColumns.record(row) }
            guard let updated else { throw StoreError.notFound("account") }
            if changes.passwordHash != nil {
                // A new password ends every session of the old one.
                try await connection.query(
                    "UPDATE access_token SET revoked_at = now() WHERE account_id = \(id)",
                    logger: logger
                )
            }
            try await AuditWriter.insert([audit], on: connection, logger: logger)
            return updated
        }
    }

    /// Deletes account `id` and everything it owns, in one transaction with its audit event.
    public func deleteAccount(id: Int64, audit: AuditEvent) async throws {
        try await transaction { connection in
            try await connection.query("DELETE FROM account WHERE id = \(id)", logger: logger)
            try await AuditWriter.insert([audit], on: connection, logger: logger)
        }
    }
}
