import GRDB

extension Schema {
    /// The care-team push of the other kinds (issue 20 item 7): a cursor each for lab results (their id) and the
    /// dose log (its rowid, the order entries were logged in), moved only after the server's 2xx; and, for the
    /// daily intake totals, which change as a day's entries do, the digest of each total the server acknowledged,
    /// so that a total is sent again once it differs and never when it does not.
    static func v16CareTeamKinds(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE careTeamLink ADD COLUMN labCursor INTEGER NOT NULL DEFAULT 0 CHECK (labCursor >= 0);
                ALTER TABLE careTeamLink ADD COLUMN doseCursor INTEGER NOT NULL DEFAULT 0 CHECK (doseCursor >= 0);

                CREATE TABLE careTeamIntakeSent (
                    profileId INTEGER NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
                    identifier TEXT NOT NULL,
                    digest TEXT NOT NULL,
                    sentAtMs INTEGER NOT NULL,
                    PRIMARY KEY (profileId, identifier)
                ) STRICT;
                """
        )
    }
}
