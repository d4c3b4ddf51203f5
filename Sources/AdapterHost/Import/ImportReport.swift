import AdapterProtocol

/// What `kidneyhub import` did with one path: which adapter read it, and per kind what was
/// imported, what was already stored, and what was rejected with its reasons.
public struct ImportReport: Sendable, Hashable, Codable {
    public var path: String
    public var adapterId: String
    /// Kind name → counts, for every kind with at least one record read, stored, duplicate or rejected.
    public var kinds: [String: KindSummary]
    /// Each record that was rejected: unreadable (from the adapter) or refused (by the hub).
    public var rejected: [Rejection]
    /// Set when the file could not be read to its end (or at all): the adapter's error.
    public var failure: String?
    /// What the adapter says of the import that is not a problem: what it found where (`(found)`) and the record types
    /// it left out on purpose, counted (`(skipped)`), e.g. "skipped: 12,480 HKQuantityTypeIdentifierBasalEnergyBurned".
    public var notes: [String] = []
    /// Records whose id was already stored with another value or time: kept as stored, counted in `duplicates`,
    /// and listed here so they are not mistaken for plain repeats (adapter-protocol.md §5.3).
    public var conflicts: [Rejection] = []

    /// The records this import stored (new ones, every kind).
    public var storedCount: Int { kinds.values.reduce(0) { $0 + $1.imported } }

    /// One kind's line of the summary.
    public struct KindSummary: Sendable, Hashable, Codable {
        public var imported = 0
        public var duplicates = 0
        public var rejected = 0
        public init(imported: Int = 0, duplicates: Int = 0, rejected: Int = 0) {
            self.imported = imported
            self.duplicates = duplicates
            self.rejected = rejected
        }
    }

    /// One rejected record: where it was (FILE:LINE or FILE@OFFSET, or the record id) and why.
    public struct Rejection: Sendable, Hashable, Codable {
        public var location: String
        public var reason: String
        public var kind: String?
    }

    /// Builds the report from the hub's tally and the adapter's problems.
    init(path: String, adapterId: String, tally: ImportTally, problems: [ImportProblem], failure: String?) {
        self.path = path
        self.adapterId = adapterId
        self.failure = failure
        var kinds: [String: KindSummary] = [:]
        for (kind, counts) in tally.perKind {
            kinds[kind, default: KindSummary()].imported += counts.stored
            kinds[kind, default: KindSummary()].duplicates += counts.duplicates
        }
        var rejected: [Rejection] = []
        var notes: [String] = []
        for problem in problems {
            // Entries the importers send to report, not to reject (adapter-protocol.md §4).
            if Self.noteLocations.contains(problem.location) {
                notes.append(problem.reason)
                continue
            }
            rejected.append(Rejection(location: problem.location, reason: problem.reason, kind: problem.kind))
            kinds[problem.kind ?? "(file)", default: KindSummary()].rejected += 1
        }
        for refusal in tally.refused {
            rejected.append(
                Rejection(
                    location: "record \(refusal.sourceRecordId ?? "without id")",
                    reason: "refused by the hub: \(refusal.field): \(refusal.reason)",
                    kind: refusal.kind
                )
            )
            kinds[refusal.kind, default: KindSummary()].rejected += 1
        }
        self.kinds = kinds
        self.rejected = rejected
        self.notes = notes
        self.conflicts = tally.conflicts.map {
            Rejection(location: "record \($0.sourceRecordId)", reason: "conflict: \($0.reason)", kind: $0.kind)
        }
    }

    /// The problem locations that carry a line of the report rather than a rejected record.
    static let noteLocations: Set<String> = ["(found)", "(skipped)"]
}
