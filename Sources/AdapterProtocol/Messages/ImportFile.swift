/// `files/import` (hub → adapter): read an export file and submit its records.
public struct ImportFileRequest: RPCRequest, Hashable {
    public static let method = "files/import"
    public typealias Result = ImportFileResult
    public var path: String
    public var progressToken: String?
    public init(path: String, progressToken: String? = nil) {
        self.path = path
        self.progressToken = progressToken
    }
}

/// What an import submitted and what it could not read.
public struct ImportFileResult: Codable, Sendable, Hashable {
    public var submitted: Int
    public var problems: [ImportProblem]
    public init(submitted: Int, problems: [ImportProblem] = []) {
        self.submitted = submitted
        self.problems = problems
    }
}

/// One record an import could not read: where (file, line or byte offset) and why, and the kind
/// it would have been when the adapter knows it (adapter-protocol.md §4).
public struct ImportProblem: Codable, Sendable, Hashable {
    public var location: String
    public var reason: String
    /// The measurement kind the record would have had, when known.
    public var kind: String?
    public init(location: String, reason: String, kind: String? = nil) {
        self.location = location
        self.reason = reason
        self.kind = kind
    }
}
