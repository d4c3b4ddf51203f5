import PostgresNIO

extension CareStore {
    /// The clinic called `name`, created if there is none; its id.
    public func clinic(named name: String) async throws -> Int64 {
        try await transaction { connection in
            let rows = try await connection.query(
                """
                INSERT INTO clinic (name) VALUES (\(name))
                ON CONFLICT (name) DO UPDATE SET name = excluded.name
                RETURNING id
                """,
                logger: logger
            )
            for try await id in rows.decode(Int64.self) { return id }
            throw StoreError.notFound("clinic")
        }
    }

    /// The first administrator of clinic `clinicID`, if it has one.
    public func firstAdministrator(ofClinic clinicID: Int64) async throws -> AccountRecord? {
        let rows = try await client.query(
            """
            SELECT \(unescaped: AccountColumns.list) FROM account
            WHERE clinic_id = \(clinicID) AND role = 'administrator' ORDER BY id LIMIT 1
            """,
            logger: logger
        )
        for try await row in rows { return try AccountColumns.record(row) }
        return nil
    }
}
