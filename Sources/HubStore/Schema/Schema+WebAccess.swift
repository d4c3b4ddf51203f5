import GRDB

extension Schema {
    /// The web app's access (issue 18): one row for the store, holding the bcrypt hash of the passphrase set on the
    /// first run (never the passphrase) and the language the pages are shown in.
    static func v12WebAccess(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE webAccess (
                    id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
                    passphraseHash TEXT CHECK (passphraseHash IS NULL OR length(passphraseHash) >= 59),
                    language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es')),
                    updatedAtMs INTEGER NOT NULL
                ) STRICT;
                """
        )
    }
}
