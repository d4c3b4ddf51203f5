import GRDB

extension Schema {
    /// Profile avatars (issue 4): one per profile, kept as a small PNG thumbnail made from the file the user gave.
    ///
    /// The original file is not kept; its name and size are, for display.
    static func v4Avatars(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE profileAvatar (
                    profileId INTEGER PRIMARY KEY REFERENCES profile(id),
                    thumbnailPNG BLOB NOT NULL CHECK (length(thumbnailPNG) >= 8),
                    width INTEGER NOT NULL CHECK (width >= 1),
                    height INTEGER NOT NULL CHECK (height >= 1),
                    originalFileName TEXT NOT NULL,
                    originalBytes INTEGER NOT NULL CHECK (originalBytes >= 1),
                    storedAtMs INTEGER NOT NULL
                ) STRICT;
                """
        )
    }
}
