import Foundation
import GRDB
import HubCore

/// A profile as stored: its row id, the profile, and when it was created and last changed.
public struct StoredProfile: Sendable, Equatable {
    /// The row id, which lab results refer to.
    public var id: Int64
    /// The profile.
    public var profile: PatientProfile
    /// When it was created (UTC epoch ms).
    public var createdAtMs: Int64
    /// When it last changed (UTC epoch ms).
    public var updatedAtMs: Int64

    /// A stored profile from its parts.
    public init(id: Int64, profile: PatientProfile, createdAtMs: Int64, updatedAtMs: Int64) {
        self.id = id
        self.profile = profile
        self.createdAtMs = createdAtMs
        self.updatedAtMs = updatedAtMs
    }

    /// The profile's name.
    public var name: String { profile.name }
}

/// A row of the `profile` table: the name beside the profile as JSON.
struct ProfileRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "profile"

    var id: Int64?
    var name: String
    var profile: String
    var createdAtMs: Int64
    var updatedAtMs: Int64

    init(_ profile: PatientProfile, id: Int64?, createdAtMs: Int64, updatedAtMs: Int64) throws {
        self.id = id
        self.name = profile.name
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        self.profile = String(decoding: try encoder.encode(profile), as: UTF8.self)
        self.createdAtMs = createdAtMs
        self.updatedAtMs = updatedAtMs
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    func stored() throws(HubStoreError) -> StoredProfile {
        let rowID = id ?? 0
        do {
            let decoded = try JSONDecoder().decode(PatientProfile.self, from: Data(profile.utf8))
            return StoredProfile(id: rowID, profile: decoded, createdAtMs: createdAtMs, updatedAtMs: updatedAtMs)
        } catch {
            throw .corruptRow(table: Self.databaseTableName, id: rowID, reason: "\(error)")
        }
    }
}
