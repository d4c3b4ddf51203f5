/// Rate-limits passphrase attempts (OWASP: rate-limit authentication): at most `limit` failures a minute.
actor SignInThrottle {
    static let limit = 5
    static let windowMs: Int64 = 60_000
    private var failures: [Int64] = []

    /// True when another attempt may be made at `now`.
    func allows(now: Int64) -> Bool {
        failures.removeAll { now - $0 > Self.windowMs }
        return failures.count < Self.limit
    }

    /// Counts a failed attempt.
    func failed(now: Int64) { failures.append(now) }
}
