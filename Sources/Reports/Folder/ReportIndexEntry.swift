/// One report in the reports folder's index.
public struct ReportIndexEntry: Sendable, Equatable, Codable {
    /// The PDF's path.
    public var path: String
    public var profile: String
    /// The period's first and last local dates (YYYY-MM-DD).
    public var from: String
    public var through: String
    public var pages: Int
    public var bytes: Int
    /// When it was made, RFC 3339.
    public var createdAt: String
    /// The addresses it was handed to the mail command for.
    public var mailedTo: [String]

    /// An index entry.
    public init(
        path: String,
        profile: String,
        from: String,
        through: String,
        pages: Int,
        bytes: Int,
        createdAt: String,
        mailedTo: [String] = []
    ) {
        self.path = path
        self.profile = profile
        self.from = from
        self.through = through
        self.pages = pages
        self.bytes = bytes
        self.createdAt = createdAt
        self.mailedTo = mailedTo
    }
}
