/// Where an adapter's supervision stands.
public enum AdapterState: String, Sendable, Hashable, Codable, CaseIterable {
    case idle
    case running
    case backoff
    case failed
    case stopped
}

/// A row of the `adapter` table: an adapter the hub knows from its manifest, and its state.
public struct AdapterRecord: Sendable, Equatable, Codable {
    /// The manifest's `id`.
    public var id: String
    /// The manifest's `name`.
    public var name: String
    /// The manifest's `version`.
    public var version: String
    /// Where the manifest was found.
    public var manifestPath: String
    /// The supervisor's state for it.
    public var state: AdapterState
    /// When the row last changed (epoch ms).
    public var updatedAtMs: Int64

    /// An adapter row.
    public init(
        id: String,
        name: String,
        version: String,
        manifestPath: String,
        state: AdapterState,
        updatedAtMs: Int64
    ) {
        self.id = id
        self.name = name
        self.version = version
        self.manifestPath = manifestPath
        self.state = state
        self.updatedAtMs = updatedAtMs
    }
}
