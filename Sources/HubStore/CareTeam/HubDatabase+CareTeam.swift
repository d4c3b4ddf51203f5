import Foundation
import GRDB
import HubRecords

extension HubDatabase {
    /// The profile's link to its care-team server, if it was connected.
    public func careTeamLink(profileId: Int64) async throws(PatientRecordError) -> CareTeamLink? {
        try await patientRecordRead { db in
            try Row.fetchOne(db, sql: "SELECT * FROM careTeamLink WHERE profileId = ?", arguments: [profileId]).map {
                CareTeamLink(
                    profileId: $0["profileId"],
                    serverURL: $0["serverURL"],
                    deviceToken: $0["deviceToken"],
                    patientReference: $0["patientReference"],
                    readingCursor: $0["readingCursor"],
                    connectedAtMs: $0["connectedAtMs"],
                    lastPushAtMs: $0["lastPushAtMs"],
                    lastError: $0["lastError"],
                    labCursor: $0["labCursor"],
                    doseCursor: $0["doseCursor"]
                )
            }
        }
    }

    /// Links the profile to a server, replacing an earlier link; every cursor starts again at the beginning and the
    /// record of intake totals sent is cleared (a new server, or a new enrollment, holds none of them yet; the
    /// server stores each once whatever was sent).
    public func saveCareTeamLink(
        profileId: Int64,
        serverURL: String,
        deviceToken: String,
        patientReference: String,
        atMs: Int64
    ) async throws(PatientRecordError) {
        try await patientRecordWrite { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO careTeamLink (profileId, serverURL, deviceToken, patientReference,
                        readingCursor, connectedAtMs)
                    VALUES (?, ?, ?, ?, 0, ?)
                    """,
                arguments: [profileId, serverURL, deviceToken, patientReference, atMs]
            )
            try db.execute(sql: "DELETE FROM careTeamIntakeSent WHERE profileId = ?", arguments: [profileId])
        }
    }

    /// Records why a push failed; the cursor stays where it is.
    public func recordCareTeamFailure(profileId: Int64, reason: String) async throws(PatientRecordError) {
        try await patientRecordWrite { db in
            try db.execute(
                sql: "UPDATE careTeamLink SET lastError = ? WHERE profileId = ?",
                arguments: [String(reason.prefix(500)), profileId]
            )
        }
    }

    /// Forgets the last failure: a sync got every request through, so the note no longer holds (a sync with
    /// nothing to push moves no cursor, which clears it otherwise).
    public func clearCareTeamFailure(profileId: Int64) async throws(PatientRecordError) {
        try await patientRecordWrite { db in
            try db.execute(sql: "UPDATE careTeamLink SET lastError = NULL WHERE profileId = ?", arguments: [profileId])
        }
    }

    /// The profile's readings after measurement id `afterId`, in id order (the order the cursor moves in), at most
    /// `limit`; a meter's control-solution tests are left out as everywhere else.
    public func careTeamPendingReadings(profileId: Int64, afterId: Int64, limit: Int)
        async throws(PatientRecordError) -> [StoredMeasurement]
    {
        try await patientRecordRead { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT m.id, m.sourceRecordId, m.kind, m.value, m.components, m.unit,
                           m.originalValue, m.originalComponents, m.originalUnit,
                           m.startMs, m.endMs, m.utcOffsetSeconds, m.context, m.receivedAtMs,
                           d.id AS deviceRowId, d.adapterId, d.deviceId, d.manufacturer, d.model, d.serial,
                           d.firstSeenAtMs, d.lastSeenAtMs
                    FROM measurement m
                    JOIN device d ON d.id = m.deviceRowId
                    WHERE m.id > ?
                      AND EXISTS (SELECT 1 FROM measurementOwner o WHERE o.measurementId = m.id AND o.profileId = ?)
                      AND NOT \(Self.isControlSolutionSQL)
                    ORDER BY m.id
                    LIMIT ?
                    """,
                arguments: [afterId, profileId, limit]
            ).map(Self.storedMeasurement)
        }
    }

    /// How many of the profile's readings are after measurement id `afterId`.
    public func careTeamPendingCount(profileId: Int64, afterId: Int64) async throws(PatientRecordError) -> Int {
        try await patientRecordRead { db in
            try Int.fetchOne(
                db,
                sql: """
                    SELECT count(*) FROM measurement m
                    WHERE m.id > ?
                      AND EXISTS (SELECT 1 FROM measurementOwner o WHERE o.measurementId = m.id AND o.profileId = ?)
                      AND NOT \(Self.isControlSolutionSQL)
                    """,
                arguments: [afterId, profileId]
            ) ?? 0
        }
    }

    /// The profile's stable FHIR Patient identifier: a random UUID made the first time it is asked for and kept.
    public func stablePatientIdentifier(profileId: Int64) async throws(PatientRecordError) -> String {
        try await patientRecordWrite { db in
            if let existing = try String.fetchOne(
                db,
                sql: "SELECT uuid FROM profileIdentity WHERE profileId = ?",
                arguments: [profileId]
            ) {
                return existing
            }
            let made = UUID().uuidString.lowercased()
            try db.execute(
                sql: "INSERT INTO profileIdentity (profileId, uuid) VALUES (?, ?)",
                arguments: [profileId, made]
            )
            return made
        }
    }
}
