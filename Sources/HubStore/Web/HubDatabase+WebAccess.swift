import GRDB
import HubRecords

extension HubDatabase {
    /// The web app's stored passphrase hash (bcrypt), or nil before the first run set one.
    public func webPassphraseHash() async throws(PatientRecordError) -> String? {
        try await patientRecordRead { db in try StoreSnapshot(db: db).webPassphraseHash() }
    }

    /// Stores the passphrase hash unless one is set already; returns whether this call set it (the first run sets it
    /// once: a second browser racing the first must not replace it).
    public func setWebPassphraseHashOnce(_ hash: String, atMs: Int64) async throws(PatientRecordError) -> Bool {
        try await patientRecordWrite { db in
            try db.execute(
                sql: """
                    INSERT INTO webAccess (id, passphraseHash, updatedAtMs) VALUES (1, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET passphraseHash = excluded.passphraseHash,
                        updatedAtMs = excluded.updatedAtMs
                    WHERE webAccess.passphraseHash IS NULL
                    """,
                arguments: [hash, atMs]
            )
            return db.changesCount > 0
        }
    }

    /// The language the web pages are shown in ("en" until one is chosen).
    public func webLanguage() async throws(PatientRecordError) -> String {
        try await patientRecordRead { db in try StoreSnapshot(db: db).webLanguage() }
    }

    /// Chooses the language of the web pages; the table's CHECK refuses one the app has no catalogue for.
    public func setWebLanguage(_ language: String, atMs: Int64) async throws(PatientRecordError) {
        try await patientRecordWrite { db in
            try db.execute(
                sql: """
                    INSERT INTO webAccess (id, language, updatedAtMs) VALUES (1, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET language = excluded.language, updatedAtMs = excluded.updatedAtMs
                    """,
                arguments: [language, atMs]
            )
        }
    }
}

extension StoreSnapshot {
    /// The web app's passphrase hash, or nil before the first run set one.
    public func webPassphraseHash() throws -> String? {
        // Cached here and in `webLanguage`: every page asks (perf).
        try String.fetchOne(db.cachedStatement(sql: "SELECT passphraseHash FROM webAccess WHERE id = 1"))
    }

    /// The language the web pages are shown in ("en" until one is chosen).
    public func webLanguage() throws -> String {
        try String.fetchOne(db.cachedStatement(sql: "SELECT language FROM webAccess WHERE id = 1")) ?? "en"
    }
}
