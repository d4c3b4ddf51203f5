/// A condition a test waited for that did not hold in time; its description says what was awaited.
public struct EventuallyTimedOut: Error, CustomStringConvertible {
    /// What was awaited, and for how long.
    public var description: String
}

/// Waits until `condition` holds, polling every 20 ms, and throws `EventuallyTimedOut` naming `what` when `timeout`
/// passes first: a test waits for the state it needs instead of sleeping a fixed time. Sleeps without holding a
/// thread of the cooperative pool.
public func eventually(
    timeout: Duration = .seconds(10),
    _ what: @autoclosure () -> String = "the condition",
    _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    if try await condition() { return }
    throw EventuallyTimedOut(description: "\(what()) did not hold within \(timeout)")
}
