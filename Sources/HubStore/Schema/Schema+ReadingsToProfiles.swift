import GRDB

extension Schema {
    /// Readings to profiles (issue 4): which profile a device's readings belong to, and each weight's dialysis phase.
    ///
    /// - `deviceAssignment` gives a device (and, on a shared scale or cuff, one user slot) to a profile;
    ///   `userIndex` -1 stands for every slot the device has no assignment of its own for. A reading whose device and
    ///   slot have no assignment stays unassigned (ARCHITECTURE.md "Whose reading is it") until one is made.
    /// - `weightPhase` holds one row per `body_weight` measurement that was assigned: the profile it went to, the
    ///   phase (NULL while the user has to confirm it, with `ambiguity` saying why) and where the phase came from.
    ///   The measurement row is never changed: a manual entry and a device reading are tagged the same way.
    static func v3ReadingsToProfiles(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE deviceAssignment (
                    deviceRowId INTEGER NOT NULL REFERENCES device(id),
                    userIndex INTEGER NOT NULL CHECK (userIndex BETWEEN -1 AND 255),
                    profileId INTEGER NOT NULL REFERENCES profile(id),
                    assignedAtMs INTEGER NOT NULL,
                    PRIMARY KEY (deviceRowId, userIndex)
                ) STRICT;

                CREATE TABLE weightPhase (
                    measurementId INTEGER PRIMARY KEY REFERENCES measurement(id),
                    profileId INTEGER NOT NULL REFERENCES profile(id),
                    phase TEXT CHECK (phase IN ('pre', 'post', 'intra', 'none')),
                    source TEXT NOT NULL CHECK (source IN ('device', 'manual', 'inferred', 'confirmed')),
                    ambiguity TEXT CHECK (ambiguity IS NULL OR length(ambiguity) >= 1),
                    updatedAtMs INTEGER NOT NULL,
                    CHECK (phase IS NOT NULL OR ambiguity IS NOT NULL)
                ) STRICT;
                CREATE INDEX weightPhase_profileId ON weightPhase (profileId);
                """
        )
    }
}
