import Synchronization

/// A simulated meter's state and command log, shared by the test (which changes it between
/// plug-ins) and the thread that plays the meter.
final class SharedMeterState<State: Sendable>: Sendable {
    let state: Mutex<State>
    let log = Mutex<[String]>([])
    init(_ state: State) { self.state = Mutex(state) }
}
