import HubCore

/// Why a reading's dialysis phase cannot be inferred from the schedule.
public enum PhaseAmbiguity: Sendable, Hashable, CustomStringConvertible {
    /// Taken while a session should be running (an intra-dialytic weight, or the session moved).
    case duringSession(DialysisSession)
    /// Taken between two sessions of one day: post of the first or pre of the second.
    case betweenSessions(previous: DialysisSession, next: DialysisSession)
    /// The session already has a reading tagged with this phase, taken at `existingAt` (epoch milliseconds; the
    /// offset is the time zone's then, for showing it).
    case alreadyRecorded(DialysisPhase, session: DialysisSession, existingAt: Int64, utcOffsetSeconds: Int)

    /// The phases the user can choose from, the likeliest first.
    public var candidates: [DialysisPhase] {
        switch self {
        case .duringSession: [.intra, .pre, .post]
        case .betweenSessions: [.post, .pre]
        case .alreadyRecorded(let phase, _, _, _): [phase, .noDialysis]
        }
    }

    /// A sentence for the user.
    public var description: String {
        switch self {
        case .duringSession(let session):
            "taken during the dialysis session \(session)"
        case .betweenSessions(let previous, let next):
            "taken between the sessions \(previous) and \(next)"
        case .alreadyRecorded(let phase, let session, let existingAt, let offset):
            "session \(session) already has a \(phase.rawValue)-dialysis weight, taken at "
                + RFC3339.format(epochMilliseconds: existingAt, utcOffsetSeconds: offset)
        }
    }
}
