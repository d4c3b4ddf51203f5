/// A condition that did not hold within its time: names what was waited for and how long.
public struct EventuallyTimedOut: Error, CustomStringConvertible {
    /// What was waited for, as the caller put it (evaluated when the wait gave up).
    public var what: String
    /// How long the wait lasted.
    public var waited: Duration

    public var description: String { "timed out after \(Self.seconds(waited)) s waiting for \(what)" }

    /// Tenths of a second are enough to tell a limit from a hang.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = seconds * 10 + attoseconds / 100_000_000_000_000_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}

/// Waits until `condition` holds, checking it every `pollingEvery`; throws `EventuallyTimedOut` when `within` passes
/// first. The one way tests wait for something to have happened: a fixed sleep is either too short on a loaded
/// machine or wasted time on an idle one, and proves nothing about what it waited for.
///
/// Throwing (rather than returning false) makes a timeout end the test at the wait, with a message that says what
/// never happened, instead of in a later expectation about its consequences. `what` is an autoclosure so that the
/// message can show the state at the moment of giving up ("left running: [4242]"). The condition is checked once more
/// after the deadline, so a condition that became true during the last pause is not reported as a timeout. An error
/// thrown by `condition` ends the wait at once: only "not yet" is worth another look. The wait runs in the caller's
/// isolation, so `condition` may touch the caller's state; sleeping never holds a thread of the cooperative pool.
public func eventually(
    _ what: @autoclosure () -> String,
    within limit: Duration = .seconds(30),
    pollingEvery interval: Duration = .milliseconds(20),
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
) async throws {
    let clock = ContinuousClock()
    let started = clock.now
    let deadline = started + limit
    while clock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: interval)
    }
    if try await condition() { return }
    throw EventuallyTimedOut(what: what(), waited: clock.now - started)
}
