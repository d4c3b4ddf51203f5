/// Failed sign-ins counted per account and per client address in a fixed window; over either limit, sign-ins from
/// that address or for that account answer 429 until the window ends, even with the right password (OWASP
/// Authentication Cheat Sheet, "Protect against automated attacks"). Successful sign-ins are not counted, so a
/// client that signs in correctly is never slowed. Counts live in this process: servers behind a load balancer
/// each count their own.
actor SignInLimiter {
    struct Limits: Sendable {
        var failuresPerAccount: Int = 10
        var failuresPerAddress: Int = 50
        var window: Duration = .seconds(15 * 60)
    }

    private struct Count {
        var started: ContinuousClock.Instant
        var failures: Int
    }

    private let limits: Limits
    private let clock = ContinuousClock()
    private var accounts: [String: Count] = [:]
    private var addresses: [String: Count] = [:]

    init(limits: Limits) {
        self.limits = limits
    }

    /// Seconds until this account or address may try again, or nil if it may now.
    func blockedFor(account: String, address: String) -> Int? {
        let now = clock.now
        var waits: [Duration] = []
        if let count = accounts[account], count.failures >= limits.failuresPerAccount {
            waits.append(count.started + limits.window - now)
        }
        if let count = addresses[address], count.failures >= limits.failuresPerAddress {
            waits.append(count.started + limits.window - now)
        }
        guard let wait = waits.max(), wait > .zero else { return nil }
        return Int(wait.components.seconds) + 1
    }

    /// Counts one failed sign-in.
    func recordFailure(account: String, address: String) {
        let now = clock.now
        Self.bump(&accounts, account, now: now, window: limits.window)
        Self.bump(&addresses, address, now: now, window: limits.window)
        if accounts.count + addresses.count > 100_000 { prune(now: now) }
    }

    private static func bump(
        _ counts: inout [String: Count],
        _ key: String,
        now: ContinuousClock.Instant,
        window: Duration
    ) {
        if let count = counts[key], now - count.started < window {
            counts[key]?.failures = count.failures + 1
        } else {
            counts[key] = Count(started: now, failures: 1)
        }
    }

    private func prune(now: ContinuousClock.Instant) {
        accounts = accounts.filter { now - $0.value.started < limits.window }
        addresses = addresses.filter { now - $0.value.started < limits.window }
    }
}
