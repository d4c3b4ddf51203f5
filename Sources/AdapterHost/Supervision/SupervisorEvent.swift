import HubRecords
import HubStore

/// Something in an adapter's life worth keeping in the store's adapter event log.
public struct SupervisorEvent: Sendable, Hashable {
    public var adapterId: String
    public var kind: AdapterEventKind
    public var message: String
    /// Extra text: the stderr tail of a crash, the offending line of a violation.
    public var detail: String?

    public init(adapterId: String, kind: AdapterEventKind, message: String, detail: String? = nil) {
        self.adapterId = adapterId
        self.kind = kind
        self.message = message
        self.detail = detail
    }
}

/// The supervisor's view of an adapter.
public enum SupervisorState: Sendable, Hashable, CustomStringConvertible {
    case idle
    case starting
    case running
    case backingOff
    /// The breaker tripped; restarted only by `retry`.
    case failed(reason: String)
    case stopped

    /// The state as the adapter table stores it.
    public var stored: AdapterState {
        switch self {
        case .idle: .idle
        case .starting, .running: .running
        case .backingOff: .backoff
        case .failed: .failed
        case .stopped: .stopped
        }
    }

    public var description: String {
        switch self {
        case .starting: "starting"
        case .failed(let reason): "failed (\(reason))"
        default: stored.rawValue
        }
    }
}

/// An adapter that cannot be used now.
public struct AdapterUnavailable: Error, Sendable, CustomStringConvertible {
    public var adapterId: String
    public var reason: String
    public var description: String { "adapter \(adapterId) is unavailable: \(reason)" }
}
