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

/// One record an import could not read: where (file, line or byte offset) and why.
public struct ImportProblem: Codable, Sendable, Hashable {
    public var location: String
    public var reason: String
    public init(location: String, reason: String) {
        self.location = location
        self.reason = reason
    }
}
