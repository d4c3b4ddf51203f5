import Care
import Foundation
import GRDB
import HubRecords

/// Which of a care-team link's cursors a push moves.
public enum CareTeamCursor: String, Sendable {
    case reading = "readingCursor"
    case lab = "labCursor"
    case dose = "doseCursor"
}

extension HubDatabase {
    /// Moves one cursor forward to `position` after the server acknowledged everything up to it (never back), and
    /// clears the last error.
    public func advanceCareTeamCursor(profileId: Int64, _ cursor: CareTeamCursor, to position: Int64, atMs: Int64)
        async throws(PatientRecordError)
    {
        try await patientRecordWrite { db in
            // The column is one of the enum's three literals, never input.
            try db.execute(
                sql: """
                    UPDATE careTeamLink SET \(cursor.rawValue) = max(\(cursor.rawValue), ?), lastPushAtMs = ?,
                        lastError = NULL
                    WHERE profileId = ?
                    """,
                arguments: [position, atMs, profileId]
            )
        }
    }

    /// The profile's lab results after id `afterId`, in id order, at most `limit`.
    public func careTeamPendingLabs(profileId: Int64, afterId: Int64, limit: Int) async throws(PatientRecordError)
        -> [StoredLabResult]
    {
        try await patientRecordRead { db in
            try LabResultRecord.filter(Column("profileId") == profileId && Column("id") > afterId)
                .order(Column("id")).limit(limit).fetchAll(db).map(\.stored)
        }
    }

    /// How many of the profile's lab results are after id `afterId`.
    public func careTeamPendingLabCount(profileId: Int64, afterId: Int64) async throws(PatientRecordError) -> Int {
        try await patientRecordRead { db in
            try LabResultRecord.filter(Column("profileId") == profileId && Column("id") > afterId).fetchCount(db)
        }
    }

    /// The profile's dose log entries after rowid `afterRow`, in rowid order, at most `limit`, each with its rowid.
    public func careTeamPendingDoses(profileId: Int64, afterRow: Int64, limit: Int) async throws(PatientRecordError)
        -> [(row: Int64, record: DoseRecord)]
    {
        try await patientRecordRead { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT rowid AS doseRow, * FROM medicationDose WHERE profileId = ? AND rowid > ?
                    ORDER BY rowid LIMIT ?
                    """,
                arguments: [profileId, afterRow, limit]
            ).map { row -> (row: Int64, record: DoseRecord) in
                let position: Int64 = row["doseRow"]
                return (position, try Self.doseRecord(row))
            }
        }
    }

    /// How many of the profile's dose log entries are after rowid `afterRow`.
    public func careTeamPendingDoseCount(profileId: Int64, afterRow: Int64) async throws(PatientRecordError) -> Int {
        try await patientRecordRead { db in
            try Int.fetchOne(
                db,
                sql: "SELECT count(*) FROM medicationDose WHERE profileId = ? AND rowid > ?",
                arguments: [profileId, afterRow]
            ) ?? 0
        }
    }

    /// The digest of each intake total the server acknowledged, by identifier.
    public func careTeamIntakeSent(profileId: Int64) async throws(PatientRecordError) -> [String: String] {
        try await patientRecordRead { db in
            var sent: [String: String] = [:]
            for row in try Row.fetchAll(
                db,
                sql: "SELECT identifier, digest FROM careTeamIntakeSent WHERE profileId = ?",
                arguments: [profileId]
            ) {
                sent[row["identifier"]] = row["digest"]
            }
            return sent
        }
    }

    /// Records the intake totals the server acknowledged (their digests), and clears the last error.
    public func markCareTeamIntakeSent(profileId: Int64, _ sent: [(identifier: String, digest: String)], atMs: Int64)
        async throws(PatientRecordError)
    {
        try await patientRecordWrite { db in
            for item in sent {
                try db.execute(
                    sql: """
                        INSERT INTO careTeamIntakeSent (profileId, identifier, digest, sentAtMs) VALUES (?, ?, ?, ?)
                        ON CONFLICT (profileId, identifier) DO UPDATE SET digest = excluded.digest,
                            sentAtMs = excluded.sentAtMs
                        """,
                    arguments: [profileId, item.identifier, item.digest, atMs]
                )
            }
            try db.execute(
                sql: "UPDATE careTeamLink SET lastPushAtMs = ?, lastError = NULL WHERE profileId = ?",
                arguments: [atMs, profileId]
            )
        }
    }

    /// The names of the profiles connected to a care-team server (what `serve` pushes).
    public func careTeamLinkedProfiles() async throws(PatientRecordError) -> [String] {
        try await patientRecordRead { db in
            try String.fetchAll(
                db,
                sql: "SELECT p.name FROM careTeamLink l JOIN profile p ON p.id = l.profileId ORDER BY p.id"
            )
        }
    }
}
