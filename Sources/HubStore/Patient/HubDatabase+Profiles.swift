import Clinical
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// Every profile, by name.
    public func profiles() async throws(PatientRecordError) -> [StoredProfile] {
        try await patientRecordRead { db in try StoreSnapshot(db: db).profiles() }
    }

    /// The profile a command works on: the one named `name` (letter case ignored); without a name, the only one.
    ///
    /// Throws `.noProfile` for an empty store, `.unknownProfile` for a name no profile has, and `.profileNotChosen`
    /// (listing the names) when there are several and no name is given.
    public func selectProfile(named name: String?) async throws(PatientRecordError) -> StoredProfile {
        try Self.select(named: name, from: try await profiles())
    }

    /// The profile named `name` among `all`, or the only one (`selectProfile(named:)`'s rule).
    static func select(named name: String?, from all: [StoredProfile]) throws(PatientRecordError) -> StoredProfile {
        if let name {
            guard let match = all.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw .unknownProfile(name, known: all.map(\.name))
            }
            return match
        }
        switch all.count {
        case 0: throw .noProfile
        case 1: return all[0]
        default: throw .profileNotChosen(known: all.map(\.name))
        }
    }

    /// Inserts the profile (`id` nil) or replaces the stored profile `id`, once the terms `termsVersion` are accepted.
    ///
    /// The caller validates the profile (`PatientProfile.validate`); the store keeps names unique ignoring case.
    @discardableResult
    public func saveProfile(
        _ profile: PatientProfile,
        id: Int64?,
        atMs: Int64,
        avatar: StoredAvatar? = nil,
        termsVersion: String = TermsOfService.current.version
    ) async throws(PatientRecordError) -> StoredProfile {
        // The profile and its new avatar (its `profileId` is set here) are one transaction: both or neither.
        try await patientRecordWrite { db in
            let saved = try Self.writeProfile(profile, id: id, atMs: atMs, termsVersion: termsVersion, in: db)
            if var avatar {
                avatar.profileId = saved.id
                try Self.writeAvatar(avatar, in: db)
            }
            return saved
        }
    }

    private static func writeProfile(
        _ profile: PatientProfile,
        id: Int64?,
        atMs: Int64,
        termsVersion: String,
        in db: Database
    ) throws -> StoredProfile {
        try Self.requireTerms(termsVersion, in: db)
        let clash = try Int64.fetchOne(
            db,
            sql: "SELECT id FROM profile WHERE name = ? COLLATE NOCASE AND id IS NOT ?",
            arguments: [profile.name, id]
        )
        if clash != nil { throw PatientRecordError.profileNameTaken(profile.name) }
        guard let id else {
            var record = try ProfileRecord(profile, id: nil, createdAtMs: atMs, updatedAtMs: atMs)
            try record.insert(db)
            return try record.stored()
        }
        guard let existing = try ProfileRecord.fetchOne(db, key: id) else {
            throw PatientRecordError.unknownProfile("#\(id)", known: try Self.profiles(in: db).map(\.name))
        }
        let record = try ProfileRecord(
            profile,
            id: id,
            createdAtMs: existing.createdAtMs,
            updatedAtMs: max(atMs, existing.createdAtMs)
        )
        try record.update(db)
        return try record.stored()
    }

    static func profiles(in db: Database) throws -> [StoredProfile] {
        // Cached: every page reads the profiles, and compiling the query each time was measurable (perf).
        let statement = try db.cachedStatement(sql: "SELECT * FROM profile ORDER BY name COLLATE NOCASE, id")
        return try ProfileRecord.fetchAll(statement).map { try $0.stored() }
    }
}

extension StoreSnapshot {
    /// Every profile, by name.
    public func profiles() throws -> [StoredProfile] {
        try HubDatabase.profiles(in: db)
    }

    /// The profile named `name` (letter case ignored); without a name, the only one (as `selectProfile(named:)`).
    public func selectProfile(named name: String?) throws -> StoredProfile {
        try HubDatabase.select(named: name, from: profiles())
    }
}
