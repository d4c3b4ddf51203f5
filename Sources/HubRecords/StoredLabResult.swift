import Clinical
import HubCore

/// Where a lab result came from.
public enum LabResultSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// Typed with `kidneyhub labs add`.
    case manual
    /// Read from a file with `kidneyhub labs import`.
    case `import`
}

/// A lab result as stored: its row id, its profile, the validated value, its source and when it was stored.
public struct StoredLabResult: Sendable, Equatable {
    /// The row id.
    public var id: Int64
    /// The profile it belongs to.
    public var profileId: Int64
    /// The result, canonical and as entered.
    public var value: LabValue
    /// Manual entry or import.
    public var source: LabResultSource
    /// When it was stored (UTC epoch ms).
    public var createdAtMs: Int64

    /// A stored result from its parts.
    public init(id: Int64, profileId: Int64, value: LabValue, source: LabResultSource, createdAtMs: Int64) {
        self.id = id
        self.profileId = profileId
        self.value = value
        self.source = source
        self.createdAtMs = createdAtMs
    }
}

/// What a batch of lab results did: how many were new and how many were already stored.
public struct LabInsertOutcome: Sendable, Equatable, Codable {
    /// Rows inserted.
    public var stored: Int
    /// Rows skipped because the profile already had that lab at that time.
    public var duplicates: Int

    /// An outcome.
    public init(stored: Int, duplicates: Int) {
        self.stored = stored
        self.duplicates = duplicates
    }
}
