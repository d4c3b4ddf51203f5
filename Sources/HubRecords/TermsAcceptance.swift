/// A row of `termsAcceptance`: the person using the store accepted this version of the terms at this time.
public struct TermsAcceptance: Sendable, Equatable, Codable {
    /// The row id (nil before insertion).
    public var id: Int64?
    /// The accepted version, as `TermsOfService.version`.
    public var version: String
    /// When it was accepted (UTC epoch ms).
    public var acceptedAtMs: Int64

    /// An acceptance of `version` at `acceptedAtMs`.
    public init(id: Int64? = nil, version: String, acceptedAtMs: Int64) {
        self.id = id
        self.version = version
        self.acceptedAtMs = acceptedAtMs
    }

}
