import AdapterHost
import Testing

struct RestartPolicyTests {
    let policy = RestartPolicy(
        initialBackoff: .seconds(1),
        maximumBackoff: .seconds(8),
        breakerCrashes: 5,
        breakerWindow: .seconds(180),
        healthyRun: .seconds(600)
    )

    @Test func backoffDoublesUpToTheMaximum() {
        var history = CrashHistory(policy: RestartPolicy(breakerCrashes: 100, breakerWindow: .seconds(1)))
        let start = ContinuousClock.now
        var delays: [Duration] = []
        for crash in 0..<12 {
            let now = start + .seconds(crash * 2)
            guard case .restart(let delay) = history.recordCrash(at: now, startedAt: now - .seconds(1)) else {
                Issue.record("gave up at crash \(crash)")
                return
            }
            delays.append(delay)
        }
        #expect(delays.prefix(4) == [.seconds(1), .seconds(2), .seconds(4), .seconds(8)])
        #expect(delays.last == .seconds(300))
    }

    @Test func fiveCrashesWithinThreeMinutesTripTheBreaker() {
        let start = ContinuousClock.now
        var fresh = CrashHistory(policy: policy)
        var decisions: [RestartDecision] = []
        for crash in 0..<5 {
            let now = start + .seconds(crash * 30)
            decisions.append(fresh.recordCrash(at: now, startedAt: now))
        }
        #expect(decisions.dropLast().allSatisfy { if case .restart = $0 { true } else { false } })
        guard case .giveUp(let reason) = decisions.last else {
            Issue.record("the fifth crash in 120 s did not trip the breaker")
            return
        }
        #expect(reason.contains("5 crashes"))
    }

    @Test func crashesSpreadWiderThanTheWindowNeverTrip() {
        var history = CrashHistory(policy: policy)
        let start = ContinuousClock.now
        for crash in 0..<10 {
            let now = start + .seconds(crash * 50)
            if case .giveUp = history.recordCrash(at: now, startedAt: now - .seconds(1)) {
                Issue.record("tripped at crash \(crash) though only 4 fall in any 180 s")
            }
        }
    }

    @Test func aHealthyRunResetsTheBackoff() {
        var history = CrashHistory(policy: policy)
        let start = ContinuousClock.now
        _ = history.recordCrash(at: start, startedAt: start)
        _ = history.recordCrash(at: start + .seconds(1), startedAt: start)
        let later = start + .seconds(2000)
        #expect(history.recordCrash(at: later, startedAt: later - .seconds(700)) == .restart(after: .seconds(1)))
    }

    @Test func resetForgetsTheCrashes() {
        var history = CrashHistory(policy: policy)
        let now = ContinuousClock.now
        for _ in 0..<4 { _ = history.recordCrash(at: now, startedAt: now) }
        history.reset()
        #expect(history.recordCrash(at: now, startedAt: now) == .restart(after: .seconds(1)))
    }
}
