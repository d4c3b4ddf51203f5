import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// Stores (or replaces) the avatar of `avatar.profileId`, once the terms `termsVersion` are accepted.
    ///
    /// The caller makes the thumbnail (the store does not decode images); throws `.unknownProfile` when no profile
    /// has that id.
    public func setAvatar(
        _ avatar: StoredAvatar,
        termsVersion: String = TermsOfService.current.version
    ) async throws(PatientRecordError) {
        try await patientRecordWrite { db in
            try Self.requireTerms(termsVersion, in: db)
            guard
                try Int64.fetchOne(db, sql: "SELECT id FROM profile WHERE id = ?", arguments: [avatar.profileId])
                    != nil
            else {
                throw PatientRecordError.unknownProfile(
                    "#\(avatar.profileId)",
                    known: try Self.profiles(in: db).map(\.name)
                )
            }
            try Self.writeAvatar(avatar, in: db)
        }
    }

    /// Inserts or replaces a profile's avatar inside the caller's transaction.
    static func writeAvatar(_ avatar: StoredAvatar, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO profileAvatar
                    (profileId, thumbnailPNG, width, height, originalFileName, originalBytes, storedAtMs)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (profileId) DO UPDATE SET
                    thumbnailPNG = excluded.thumbnailPNG, width = excluded.width, height = excluded.height,
                    originalFileName = excluded.originalFileName, originalBytes = excluded.originalBytes,
                    storedAtMs = excluded.storedAtMs
                """,
            arguments: [
                avatar.profileId, avatar.thumbnailPNG, avatar.width, avatar.height, avatar.originalFileName,
                avatar.originalBytes, avatar.storedAtMs,
            ]
        )
    }

    /// The avatar of profile `profileId`, or nil when it has none.
    public func avatar(profileId: Int64) async throws(PatientRecordError) -> StoredAvatar? {
        try await patientRecordRead { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT profileId, thumbnailPNG, width, height, originalFileName, originalBytes, storedAtMs
                        FROM profileAvatar WHERE profileId = ?
                        """,
                    arguments: [profileId]
                )
            else { return nil }
            return StoredAvatar(
                profileId: row["profileId"],
                thumbnailPNG: row["thumbnailPNG"],
                width: row["width"],
                height: row["height"],
                originalFileName: row["originalFileName"],
                originalBytes: row["originalBytes"],
                storedAtMs: row["storedAtMs"]
            )
        }
    }
}
