import Clinical
import Foundation
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
