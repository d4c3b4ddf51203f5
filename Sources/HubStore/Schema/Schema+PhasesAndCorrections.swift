import GRDB

extension Schema {
    /// Blood pressure by dialysis phase and corrections of manual entries (issue 17, items 3 and 4).
    ///
    /// - `bloodPressurePhase` holds one row per assigned `blood_pressure` measurement, as `weightPhase` does for
    ///   weights: the profile, the phase (NULL while the user has to confirm it, with `ambiguity` saying why) and
    ///   where it came from. Pre-dialysis goals and reports read only the readings tagged `pre`.
    /// - `entryChange` records every edit and deletion of a manual entry: which entry (its kind and its id in this
    ///   store), the action, who made it and when, the old value and the new one (JSON; no new value for a deletion).
    ///   Rows are only added, never changed, and they travel in the backup.
    static func v10PhasesAndCorrections(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE bloodPressurePhase (
                    measurementId INTEGER PRIMARY KEY REFERENCES measurement(id),
                    profileId INTEGER NOT NULL REFERENCES profile(id),
                    phase TEXT CHECK (phase IN ('pre', 'post', 'intra', 'none')),
                    source TEXT NOT NULL CHECK (source IN ('device', 'manual', 'inferred', 'confirmed')),
                    ambiguity TEXT CHECK (ambiguity IS NULL OR length(ambiguity) >= 1),
                    updatedAtMs INTEGER NOT NULL,
                    CHECK (phase IS NOT NULL OR ambiguity IS NOT NULL)
                ) STRICT;
                CREATE INDEX bloodPressurePhase_profileId ON bloodPressurePhase (profileId);

                CREATE TABLE entryChange (
                    id INTEGER PRIMARY KEY,
                    profileId INTEGER NOT NULL REFERENCES profile(id),
                    entry TEXT NOT NULL CHECK (entry IN ('weight', 'blood_pressure', 'lab', 'intake', 'photo')),
                    entryId INTEGER NOT NULL,
                    action TEXT NOT NULL CHECK (action IN ('edit', 'delete')),
                    oldValue TEXT NOT NULL CHECK (json_valid(oldValue)),
                    newValue TEXT CHECK (newValue IS NULL OR json_valid(newValue)),
                    changedBy TEXT NOT NULL CHECK (length(changedBy) >= 1),
                    changedAtMs INTEGER NOT NULL,
                    CHECK ((action = 'delete') = (newValue IS NULL))
                ) STRICT;
                CREATE INDEX entryChange_profile ON entryChange (profileId, changedAtMs);
                """
        )
    }
}
