import GRDB

extension Schema {
    /// The patient record: terms acceptance, profiles and lab results (issue 4).
    ///
    /// - `termsAcceptance` is store-wide (the person using this store) and keeps every accepted version, once each:
    ///   the history of what was agreed to, and when.
    /// - `profile` keeps the `PatientProfile` as a JSON document beside its name. The profile is a nested value
    ///   (schedule sessions, display units, diet goals, medications) that grows with the domain; as JSON it gains
    ///   fields without a migration, and no query filters on its fields (rules read it whole). `name` is a column
    ///   because profiles are selected and kept unique by it.
    /// - `labResult` holds one row per result: canonical value and unit, and the value and unit as entered.
    ///   `UNIQUE (profileId, analyte, takenAtMs)` makes a re-import store nothing twice; its index is also the
    ///   lookup index (profile, analyte, time), so no second index is created.
    static func v2PatientRecord(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE termsAcceptance (
                    id INTEGER PRIMARY KEY,
                    version TEXT NOT NULL UNIQUE CHECK (length(version) BETWEEN 1 AND 64),
                    acceptedAtMs INTEGER NOT NULL
                ) STRICT;

                CREATE TABLE profile (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) BETWEEN 1 AND 100),
                    profile TEXT NOT NULL CHECK (json_valid(profile)),
                    createdAtMs INTEGER NOT NULL,
                    updatedAtMs INTEGER NOT NULL CHECK (updatedAtMs >= createdAtMs)
                ) STRICT;

                CREATE TABLE labResult (
                    id INTEGER PRIMARY KEY,
                    profileId INTEGER NOT NULL REFERENCES profile(id),
                    analyte TEXT NOT NULL CHECK (length(analyte) BETWEEN 1 AND 64),
                    value REAL NOT NULL,
                    unit TEXT NOT NULL CHECK (length(unit) >= 1),
                    originalValue REAL NOT NULL,
                    originalUnit TEXT NOT NULL CHECK (length(originalUnit) >= 1),
                    takenAtMs INTEGER NOT NULL,
                    utcOffsetSeconds INTEGER NOT NULL CHECK (utcOffsetSeconds BETWEEN -86399 AND 86399),
                    source TEXT NOT NULL CHECK (source IN ('manual', 'import')),
                    createdAtMs INTEGER NOT NULL,
                    UNIQUE (profileId, analyte, takenAtMs)
                ) STRICT;
                """
        )
    }
}
