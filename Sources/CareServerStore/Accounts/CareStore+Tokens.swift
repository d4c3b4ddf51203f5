import Foundation
import NIOCore
import PostgresNIO

/// An account's token as stored: the salt it is derived from and when it stops working. The token itself is never
/// stored, only its SHA-256.
public struct StoredToken: Sendable, Equatable {
    public var salt: [UInt8]
    public var expiresAt: Date
    public var revoked: Bool
}

extension CareStore {
    /// The account's current token, if it has one.
    public func token(ofAccount accountID: Int64) async throws -> StoredToken? {
        let rows = try await client.query(
            "SELECT salt, expires_at, revoked_at IS NOT NULL FROM access_token WHERE account_id = \(accountID)",
            logger: logger
        )
        for try await (salt, expiresAt, revoked) in rows.decode((ByteBuffer, Date, Bool).self) {
            return StoredToken(salt: Array(buffer: salt), expiresAt: expiresAt, revoked: revoked)
        }
        return nil
    }

    /// The salt of the account's token: the current one while it is valid, else the candidate, stored with its
    /// hash and expiry. Two sign-ins at once agree on one token (the second finds the first's).
    public func tokenSalt(
        ofAccount accountID: Int64,
        candidateSalt: [UInt8],
        candidateHash: [UInt8],
        expiresAt: Date
    ) async throws -> [UInt8] {
        try await transaction { connection in
            try await connection.query(
                """
                INSERT INTO access_token AS t (account_id, salt, token_hash, expires_at)
                VALUES (\(accountID), \(ByteBuffer(bytes: candidateSalt)), \(ByteBuffer(bytes: candidateHash)),
                    \(expiresAt))
                ON CONFLICT (account_id) DO UPDATE SET salt = excluded.salt, token_hash = excluded.token_hash,
                    expires_at = excluded.expires_at, revoked_at = NULL
                WHERE t.revoked_at IS NOT NULL OR t.expires_at <= now()
                """,
                logger: logger
            )
            let rows = try await connection.query(
                "SELECT salt FROM access_token WHERE account_id = \(accountID)",
                logger: logger
            )
            for try await salt in rows.decode(ByteBuffer.self) { return Array(buffer: salt) }
            throw StoreError.notFound("token")
        }
    }

    /// The account a token (given by its SHA-256) stands for, if it is neither expired nor revoked.
    public func principal(tokenHash: [UInt8]) async throws -> Principal? {
        let rows = try await client.execute(PrincipalStatement(tokenHash: ByteBuffer(bytes: tokenHash)), logger: logger)
        for try await (id, clinicID, role, grants) in rows {
            guard let role = Role(rawValue: role) else { throw StoreError.unreadable("role") }
            return Principal(accountID: id, clinicID: clinicID, role: role, caregiverOf: Set(grants))
        }
        return nil
    }

    /// Revokes the account's token: it stops working at once, and the next sign-in gets a new one.
    public func revokeToken(ofAccount accountID: Int64) async throws {
        _ = try await transaction { connection in
            try await connection.query(
                "UPDATE access_token SET revoked_at = now() WHERE account_id = \(accountID)",
                logger: logger
            )
        }
    }
}

/// The look-up of every authenticated request, prepared once per connection: parsing and planning it again for each
/// request was most of PostgreSQL's time under the reference server's `bench.sh` (perf: `base_yyparse`, the planner).
private struct PrincipalStatement: PostgresPreparedStatement {
    /// A short name of its own (as `PatientSymptomListsStatement`'s).
    static let name = "care_principal"
    static let sql = """
        SELECT a.id, a.clinic_id, a.role,
            CASE WHEN a.role = 'caregiver'
                THEN ARRAY(SELECT g.patient_id FROM caregiver_grant g WHERE g.caregiver_id = a.id)
                ELSE '{}'::bigint[] END
        FROM access_token t JOIN account a ON a.id = t.account_id
        WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > now()
        """
    typealias Row = (Int64, Int64, String, [Int64])

    var tokenHash: ByteBuffer

    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(tokenHash)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}
