/// What one import's batches did in the store, per kind, and the records the hub refused.
public struct ImportTally: Sendable, Hashable, Codable {
    /// Newly stored and duplicate records of one kind.
    public struct Counts: Sendable, Hashable, Codable {
        public var stored = 0
        public var duplicates = 0
    }

    /// A record the hub refused (adapter-protocol.md §5.4).
    public struct Refusal: Sendable, Hashable, Codable {
        public var kind: String
        public var sourceRecordId: String?
        public var field: String
        public var reason: String
    }

    /// Kind name → counts.
    public var perKind: [String: Counts] = [:]
    public var refused: [Refusal] = []
    /// Duplicates whose stored record has another value or time (adapter-protocol.md §5.3).
    public var conflicts: [Conflict] = []

    /// A record whose id was already stored for its device with another value or time.
    public struct Conflict: Sendable, Hashable, Codable {
        public var kind: String
        public var sourceRecordId: String
        public var reason: String
    }
}
