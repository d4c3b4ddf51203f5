import AdapterProtocol
import Testing

@testable import AdapterHost

/// Issue 21, drill finding 10: 100,000 `log` lines of one adapter reached the terminal. The hub passes on at
/// most 100 per 10 s and reports the rest as one count.
struct LogRateLimitTests {
    @Test func aFloodOf100000LinesPassesOneHundredAndCountsTheRest() {
        var limit = LogRateLimit()
        let start = ContinuousClock.now
        var passed: [LogNotification] = []
        for index in 0..<100_000 {
            // The whole flood within one second.
            let at = start + .microseconds(index * 10)
            passed += limit.admit(LogNotification(level: .info, message: "line \(index)"), at: at)
        }
        #expect(passed.count == 100)
        #expect(passed.last?.message == "line 99")
        // The next window opens with the count of what was left out, then lets lines through again.
        let next = limit.admit(LogNotification(level: .info, message: "later"), at: start + .seconds(11))
        #expect(
            next.map(\.message) == ["99900 more log lines from the adapter were left out (over 100 in 10 s)", "later"]
        )
        #expect(next.first?.level == .warning)
        #expect(limit.flush() == nil)
    }

    @Test func whatTheLastWindowLeftOutIsReportedWhenTheAdapterStops() {
        var limit = LogRateLimit(linesPerWindow: 2, window: .seconds(10))
        let now = ContinuousClock.now
        for index in 0..<5 { _ = limit.admit(LogNotification(level: .error, message: "\(index)"), at: now) }
        #expect(limit.flush()?.message == "3 more log lines from the adapter were left out (over 2 in 10 s)")
    }
}
