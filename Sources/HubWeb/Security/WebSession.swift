/// A signed-in browser: its cookie value, its CSRF token and the profile it looks at.
public struct WebSession: Sendable, Equatable {
    /// The cookie's value (256 random bits).
    public var id: String
    /// The token every state-changing request must carry (256 random bits, not derivable from the id).
    public var csrfToken: String
    /// The profile chosen on the profiles page; nil means the store's only (or first) profile.
    public var profile: String?
    /// When it was made, UTC epoch milliseconds.
    public var createdAtMs: Int64
}
