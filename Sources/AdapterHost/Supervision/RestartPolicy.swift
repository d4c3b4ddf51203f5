/// When to restart a crashed adapter, and when to give up (architecture.md §2 S4).
///
/// Backoff doubles from `initialBackoff` up to `maximumBackoff`; the count of consecutive crashes
/// resets after the adapter has run `healthyRun` without one. `breakerCrashes` crashes within
/// `breakerWindow` trip the breaker: the adapter is marked failed and restarted only when the
/// user asks (LSP's reference client: 5 crashes in 180 s). No jitter: one hub restarts a
/// handful of local processes, so there is no herd of clients to spread out.
public struct RestartPolicy: Sendable, Hashable {
    public var initialBackoff: Duration
    public var maximumBackoff: Duration
    public var breakerCrashes: Int
    public var breakerWindow: Duration
    public var healthyRun: Duration

    public init(
        initialBackoff: Duration = .seconds(1),
        maximumBackoff: Duration = .seconds(300),
        breakerCrashes: Int = 5,
        breakerWindow: Duration = .seconds(180),
        healthyRun: Duration = .seconds(600)
    ) {
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.breakerCrashes = breakerCrashes
        self.breakerWindow = breakerWindow
        self.healthyRun = healthyRun
    }
}

/// What to do after a crash.
public enum RestartDecision: Sendable, Hashable {
    case restart(after: Duration)
    case giveUp(reason: String)
}

/// The crashes of one adapter, judged by a `RestartPolicy`; a pure value, easy to test.
public struct CrashHistory: Sendable, Hashable {
    public let policy: RestartPolicy
    private var crashes: [ContinuousClock.Instant] = []
    private var consecutive = 0

    public init(policy: RestartPolicy) {
        self.policy = policy
    }

    /// Records a crash at `now` of a process that started at `startedAt`, and decides.
    public mutating func recordCrash(at now: ContinuousClock.Instant, startedAt: ContinuousClock.Instant)
        -> RestartDecision
    {
        if now - startedAt >= policy.healthyRun { consecutive = 0 }
        consecutive += 1
        crashes.append(now)
        crashes.removeAll { now - $0 > policy.breakerWindow }
        if crashes.count >= policy.breakerCrashes {
            return .giveUp(reason: "\(crashes.count) crashes within \(policy.breakerWindow)")
        }
        var delay = policy.initialBackoff
        for _ in 1..<consecutive where delay < policy.maximumBackoff { delay *= 2 }
        return .restart(after: min(delay, policy.maximumBackoff))
    }

    /// Forgets every crash: the user asked to retry a failed adapter.
    public mutating func reset() {
        crashes.removeAll()
        consecutive = 0
    }
}
