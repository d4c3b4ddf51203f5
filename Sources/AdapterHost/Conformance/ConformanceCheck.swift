/// The outcome of one conformance check (adapter-protocol.md §10).
public struct ConformanceResult: Sendable, Hashable, Codable {
    /// Pass, fail, or not applicable to this adapter.
    public enum Verdict: String, Sendable, Hashable, Codable {
        case pass, fail, skip
    }

    public var check: String
    public var verdict: Verdict
    /// Why it failed or was skipped; what was seen when it passed.
    public var detail: String

    public init(check: String, verdict: Verdict, detail: String) {
        self.check = check
        self.verdict = verdict
        self.detail = detail
    }
}

/// The report of `kidneyhub adapters check`.
public struct ConformanceReport: Sendable, Hashable, Codable {
    public var adapter: String
    public var results: [ConformanceResult]

    /// True when no check failed.
    public var passed: Bool { !results.contains { $0.verdict == .fail } }

    /// The names of the failed checks.
    public var failedChecks: [String] { results.filter { $0.verdict == .fail }.map(\.check) }
}
