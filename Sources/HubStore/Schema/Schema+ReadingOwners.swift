import GRDB

extension Schema {
    /// Who owns each reading, recorded once (issue 4 review): ownership is decided when a reading is stored, or
    /// when its device is first assigned, and never follows a later reassignment, so giving a shared cuff to
    /// another person does not carry the first person's history over.
    ///
    /// The backfill keeps what v3 showed: tagged weights stay with their profile, and other readings go to the
    /// assignment in force when this migration runs.
    static func v5ReadingOwners(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE measurementOwner (
                    measurementId INTEGER PRIMARY KEY REFERENCES measurement(id),
                    profileId INTEGER NOT NULL REFERENCES profile(id),
                    ownedSinceMs INTEGER NOT NULL
                ) STRICT;
                CREATE INDEX measurementOwner_profileId ON measurementOwner (profileId);

                -- Readings taken before this instant are not claimed by the assignment (a shared device's
                -- older readings may be someone else's); 0 claims them all.
                ALTER TABLE deviceAssignment ADD COLUMN claimsFromMs INTEGER NOT NULL DEFAULT 0;

                INSERT INTO measurementOwner (measurementId, profileId, ownedSinceMs)
                SELECT measurementId, profileId, updatedAtMs FROM weightPhase;

                INSERT INTO measurementOwner (measurementId, profileId, ownedSinceMs)
                \(claimSelect())
                ON CONFLICT (measurementId) DO NOTHING;
                """,
            arguments: [0]
        )
    }

    /// The readings no profile owns yet whose device (and user slot) is assigned, with the profile they go to:
    /// the assignment of the reading's own user slot, else the device-wide one (`userIndex` -1).
    static func claimSelect(restrictedBy restriction: String = "") -> String {
        """
        SELECT m.id, a.profileId, ?
        FROM measurement m
        JOIN deviceAssignment a
            ON a.deviceRowId = m.deviceRowId
            AND a.userIndex = coalesce(
                (SELECT own.userIndex FROM deviceAssignment own
                 WHERE own.deviceRowId = m.deviceRowId AND own.userIndex = json_extract(m.context, '$.userIndex')),
                -1)
        WHERE NOT EXISTS (SELECT 1 FROM measurementOwner o WHERE o.measurementId = m.id)
            AND m.startMs >= a.claimsFromMs
        \(restriction)
        """
    }
}
