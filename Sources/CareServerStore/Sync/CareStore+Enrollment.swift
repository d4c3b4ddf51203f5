import Foundation
import NIOCore
import PostgresNIO

extension CareStore {
    /// Records a one-time enrollment code (by its SHA-256) for a patient, usable once until `expiresAt`, with its
    /// audit event, in one transaction.
    public func addEnrollmentCode(
        codeHash: [UInt8],
        patientID: Int64,
        createdBy clinicianID: Int64,
        expiresAt: Date,
        audit: AuditEvent
    ) async throws {
        try await transaction { connection in
            try await connection.query(
                """
                INSERT INTO enrollment_code (code_hash, patient_id, created_by, expires_at)
                VALUES (\(ByteBuffer(bytes: codeHash)), \(patientID), \(clinicianID), \(expiresAt))
                """,
                logger: logger
            )
            try await AuditWriter.insert([audit], on: connection, logger: logger)
        }
    }

    /// Trades an enrollment code for a device token (stored by its SHA-256) in one transaction: the patient the
    /// code was for, or nil when the code is unknown, used or expired (then nothing is written). Two concurrent
    /// uses cannot both succeed: the update takes the row.
    public func enroll(
        codeHash: [UInt8],
        deviceTokenHash: [UInt8],
        audit: @Sendable (_ patientID: Int64, _ clinicID: Int64, _ deviceTokenID: Int64) -> AuditEvent
    ) async throws -> DevicePrincipal? {
        try await transaction { connection in
            let used = try await connection.query(
                """
                UPDATE enrollment_code c SET used_at = now()
                FROM account a
                WHERE c.code_hash = \(ByteBuffer(bytes: codeHash)) AND c.used_at IS NULL AND c.expires_at > now()
                    AND a.id = c.patient_id
                RETURNING c.patient_id, a.clinic_id
                """,
                logger: logger
            )
            var found: (Int64, Int64)?
            for try await row in used.decode((Int64, Int64).self) { found = row }
            guard let found else { return nil }
            let (patientID, clinicID) = found
            let inserted = try await connection.query(
                """
                INSERT INTO device_token (patient_id, token_hash)
                VALUES (\(patientID), \(ByteBuffer(bytes: deviceTokenHash)))
                RETURNING id
                """,
                logger: logger
            )
            var tokenID: Int64?
            for try await id in inserted.decode(Int64.self) { tokenID = id }
            guard let tokenID else { throw StoreError.notFound("device token") }
            try await AuditWriter.insert([audit(patientID, clinicID, tokenID)], on: connection, logger: logger)
            return DevicePrincipal(deviceTokenID: tokenID, patientID: patientID, clinicID: clinicID)
        }
    }

    /// The patient a device token (given by its SHA-256) stands for, unless it was revoked.
    public func devicePrincipal(tokenHash: [UInt8]) async throws -> DevicePrincipal? {
        let rows = try await client.query(
            """
            SELECT t.id, t.patient_id, a.clinic_id
            FROM device_token t JOIN account a ON a.id = t.patient_id
            WHERE t.token_hash = \(ByteBuffer(bytes: tokenHash)) AND t.revoked_at IS NULL AND a.role = 'patient'
            """,
            logger: logger
        )
        for try await (id, patientID, clinicID) in rows.decode((Int64, Int64, Int64).self) {
            return DevicePrincipal(deviceTokenID: id, patientID: patientID, clinicID: clinicID)
        }
        return nil
    }
}
