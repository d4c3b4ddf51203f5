import HubRecords

/// Why connecting to, or syncing with, the care-team server did not happen; each case says what to do.
public enum CareTeamError: Error, Sendable, CustomStringConvertible {
    /// The profile could not be chosen or read.
    case profile(PatientRecordError)
    /// The server URL cannot be used, and why.
    case badServerURL(String, reason: String)
    /// The profile was never connected.
    case notConnected(profile: String)
    /// The server refused the request for good (a 4xx): its status and its own explanation.
    case refused(status: Int, detail: String)
    /// Pushing failed after every retry: why, how many readings the server had acknowledged in this run before
    /// (the cursor moved past those only), and how many attempts the last Bundle had.
    case pushFailed(reason: String, acknowledgedThisRun: Int, attempts: Int)
    /// Pulling what the care team wrote (`kind`: orders, questionnaires) failed after every retry: why, how many
    /// resources the server had acknowledged in this run before, and how many attempts it had. Nothing was applied
    /// or replaced: the hub keeps what it pulled before.
    case pullFailed(kind: String, reason: String, acknowledgedThisRun: Int, attempts: Int)
    /// The server could not be reached to enroll, or answered something that is not its API.
    case unreachable(String)
    /// The hub's store failed underneath.
    case store(String)

    public var description: String {
        switch self {
        case .profile(let error): error.description
        case .badServerURL(let url, let reason): "the server URL \(url) cannot be used: \(reason)"
        case .notConnected(let profile):
            "profile '\(profile)' is not connected to a care team: run "
                + "`kidneyhub care-team connect URL --code CODE` with the code from your clinic"
        case .refused(let status, let detail): "the care-team server refused (HTTP \(status)): \(detail)"
        case .pushFailed(let reason, let acknowledged, let attempts):
            "the push failed after \(attempts) attempts (\(reason)); \(acknowledged) readings were acknowledged "
                + "before it and are not sent again; the rest stay queued for the next `kidneyhub care-team sync`"
        case .pullFailed(let kind, let reason, let acknowledged, let attempts):
            "pulling the care team's \(kind) failed after \(attempts) attempts (\(reason)); the hub keeps what it "
                + "pulled before, \(acknowledged) resources pushed before it are acknowledged, and the next "
                + "`kidneyhub care-team sync` pulls again"
        case .unreachable(let reason): "the care-team server could not be reached: \(reason)"
        case .store(let reason): "the hub's store failed: \(reason)"
        }
    }
}
