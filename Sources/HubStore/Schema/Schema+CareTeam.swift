import GRDB

extension Schema {
    /// The care-team server (issue 20 item 7): per profile, the server it syncs to, the device token it enrolled
    /// with (a credential: the store is owner-only, and the backup leaves this table out), the patient reference
    /// pushed resources name, and the cursor (the last measurement id the server acknowledged with a 2xx); and the
    /// stable random UUID a profile's FHIR Patient is identified by, never its name.
    static func v15CareTeam(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE careTeamLink (
                    profileId INTEGER PRIMARY KEY NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
                    serverURL TEXT NOT NULL CHECK (serverURL LIKE 'http://%' OR serverURL LIKE 'https://%'),
                    deviceToken TEXT NOT NULL CHECK (length(deviceToken) >= 16),
                    patientReference TEXT NOT NULL CHECK (patientReference LIKE 'Patient/%'),
                    readingCursor INTEGER NOT NULL DEFAULT 0 CHECK (readingCursor >= 0),
                    connectedAtMs INTEGER NOT NULL,
                    lastPushAtMs INTEGER,
                    lastError TEXT
                ) STRICT;

                CREATE TABLE profileIdentity (
                    profileId INTEGER PRIMARY KEY NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
                    uuid TEXT NOT NULL UNIQUE CHECK (length(uuid) = 36)
                ) STRICT;
                """
        )
    }
}
