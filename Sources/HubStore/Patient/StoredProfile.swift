import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords
import Synchronization

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
        if let decoded = Self.decoded.withLock({ $0[profile] }) {
            return StoredProfile(id: rowID, profile: decoded, createdAtMs: createdAtMs, updatedAtMs: updatedAtMs)
        }
        do {
            let decoded = try JSONDecoder().decode(PatientProfile.self, from: Data(profile.utf8))
            Self.decoded.withLock { cache in
                if cache.count >= 64 { cache.removeAll() }
                cache[profile] = decoded
            }
            return StoredProfile(id: rowID, profile: decoded, createdAtMs: createdAtMs, updatedAtMs: updatedAtMs)
        } catch {
            throw .corruptRow(table: Self.databaseTableName, id: rowID, reason: "\(error)")
        }
    }

    /// Profiles decoded before, by their JSON text: a web page reads the profiles several times (the first-run
    /// check, the session's profile, the page's own), and decoding the JSON each time was a twentieth of the trends
    /// page's time (perf). Keyed by the whole text, so an edited profile is never served stale; at most 64 kept.
    private static let decoded = Mutex<[String: PatientProfile]>([:])
}
