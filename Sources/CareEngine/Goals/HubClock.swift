import Care
import HubCore
import Synchronization

/// The time the goals engine and the scheduler read: the wall clock in the hub, a controlled clock in tests.
public protocol HubClock: Sendable {
    /// The current instant, UTC epoch ms.
    func now() -> Int64
    /// Returns once the clock reads `epochMilliseconds` or later (or throws when the task is cancelled).
    func sleep(until epochMilliseconds: Int64) async throws
}

/// The wall clock.
public struct SystemClock: HubClock {
    /// The wall clock.
    public init() {}

    public func now() -> Int64 { EpochMilliseconds.now() }

    public func sleep(until epochMilliseconds: Int64) async throws {
        let wait = epochMilliseconds - now()
        if wait > 0 { try await Task.sleep(for: .milliseconds(wait)) }
    }
}

/// A clock that moves only when told (`advance(to:)`): scenario tests step through days and weekends with it.
public final class ManualClock: HubClock {
    private struct State {
        var now: Int64
        var sleepers: [(id: Int, deadline: Int64, wake: CheckedContinuation<Void, Never>)] = []
        var nextId = 0
    }
    private let state: Mutex<State>

    /// A clock reading `start`.
    public init(start: Int64) {
        state = Mutex(State(now: start))
    }

    public func now() -> Int64 { state.withLock { $0.now } }

    /// Sets the time (never backwards) and wakes every sleeper whose deadline has come.
    public func advance(to epochMilliseconds: Int64) {
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.now = max(state.now, epochMilliseconds)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.map(\.wake)
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for wake in woken { wake.resume() }
    }

    /// How many tasks are sleeping on the clock (a test waits for the scheduler to be asleep before advancing).
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    public func sleep(until epochMilliseconds: Int64) async throws {
        let id = state.withLock { state -> Int in
            state.nextId += 1
            return state.nextId
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (wake: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if epochMilliseconds <= state.now || Task.isCancelled { return true }
                    state.sleepers.append((id, epochMilliseconds, wake))
                    return false
                }
                if resumeNow { wake.resume() }
            }
        } onCancel: {
            let wake = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index).wake
            }
            wake?.resume()
        }
        try Task.checkCancellation()
    }
}
