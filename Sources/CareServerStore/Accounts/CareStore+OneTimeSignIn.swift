import Foundation
import NIOCore
import PostgresNIO

extension CareStore {
    /// Records a one-time sign-in code (by its SHA-256) for an account, usable once until `expiresAt`.
    public func addOneTimeSignIn(codeHash: [UInt8], accountID: Int64, expiresAt: Date) async throws {
        _ = try await transaction { connection in
            try await connection.query(
                """
                INSERT INTO one_time_sign_in (code_hash, account_id, expires_at)
                VALUES (\(ByteBuffer(bytes: codeHash)), \(accountID), \(expiresAt))
                """,
                logger: logger
            )
        }
    }

    /// Uses a one-time code: the account it was for, or nil if it is unknown, used or expired. Two concurrent uses
    /// cannot both succeed (the update takes the row).
    public func useOneTimeSignIn(codeHash: [UInt8]) async throws -> Int64? {
        try await transaction { connection in
            let rows = try await connection.query(
                """
                UPDATE one_time_sign_in SET used_at = now()
                WHERE code_hash = \(ByteBuffer(bytes: codeHash)) AND used_at IS NULL AND expires_at > now()
                RETURNING account_id
                """,
                logger: logger
            )
            for try await id in rows.decode(Int64.self) { return id }
            return nil
        }
    }
}
