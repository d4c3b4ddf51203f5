/// The sessions and one-time sign-in links of one running web app. Kept in memory: a restart signs everyone out,
/// and a session can only ever reach the store this server was started on.
public actor SessionStore {
    private var sessions: [String: WebSession] = [:]
    private var signInLinks: [String: Int64] = [:]
    /// How long a printed sign-in link stays valid (OWASP: a link in a URL must expire and be single-use).
    public static let signInLinkLifetimeMs: Int64 = 15 * 60 * 1000
    /// How long a session lasts without being used again.
    public static let idleLifetimeMs: Int64 = 12 * 60 * 60 * 1000
    private var lastUsed: [String: Int64] = [:]

    public init() {}

    /// A new one-time sign-in token, valid from `now` for `signInLinkLifetimeMs`.
    public func issueSignInToken(now: Int64) -> String {
        let token = RandomToken.make()
        signInLinks[token] = now + Self.signInLinkLifetimeMs
        return token
    }

    /// Spends a sign-in token: true once, for a token issued and not expired.
    public func redeemSignInToken(_ token: String, now: Int64) -> Bool {
        guard let match = signInLinks.keys.first(where: { RandomToken.equal($0, token) }),
            let expiry = signInLinks.removeValue(forKey: match)
        else { return false }
        return expiry >= now
    }

    /// Opens a session.
    public func open(now: Int64) -> WebSession {
        let session = WebSession(id: RandomToken.make(), csrfToken: RandomToken.make(), profile: nil, createdAtMs: now)
        sessions[session.id] = session
        lastUsed[session.id] = now
        return session
    }

    /// The session of a cookie value, if it is open and was used within the idle lifetime.
    public func session(_ id: String, now: Int64) -> WebSession? {
        guard let session = sessions[id], let used = lastUsed[id] else { return nil }
        guard now - used <= Self.idleLifetimeMs else {
            close(id)
            return nil
        }
        lastUsed[id] = now
        return session
    }

    /// Points a session at another profile of the store.
    public func choose(profile: String, for id: String) {
        sessions[id]?.profile = profile
    }

    /// Ends a session.
    public func close(_ id: String) {
        sessions[id] = nil
        lastUsed[id] = nil
    }
}
