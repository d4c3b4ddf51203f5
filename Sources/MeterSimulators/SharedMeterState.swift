import Synchronization

/// A simulated meter's state and command log, shared by the test (which changes it between
/// plug-ins) and the thread that plays the meter.
final class SharedMeterState<State: Sendable>: Sendable {
    let state: Mutex<State>
    let log = Mutex<[String]>([])
    /// Replies stopped mid-transfer by a stall fault, so a test can wait for the stall instead of guessing its time.
    let stalls = Mutex<Int>(0)
    init(_ state: State) { self.state = Mutex(state) }
}
