import HubCore

/// What the schedule says about a reading's dialysis phase: a phase, or why the user has to decide.
public enum InferredPhase: Sendable, Hashable, CustomStringConvertible {
    /// On a dialysis day, before the session (and after any earlier session that day).
    case pre
    /// On a dialysis day, after the session, before midnight.
    case post
    /// Not a dialysis day.
    case noDialysis
    /// The schedule cannot decide; the user confirms (`kidneyhub weight confirm`).
    case ambiguous(PhaseAmbiguity)

    /// The phase to store, or nil when the user has to confirm one.
    public var phase: DialysisPhase? {
        switch self {
        case .pre: .pre
        case .post: .post
        case .noDialysis: .noDialysis
        case .ambiguous: nil
        }
    }

    /// `pre`, `post`, `none`, or `ambiguous: <reason>`.
    public var description: String {
        switch self {
        case .pre, .post, .noDialysis: phase?.rawValue ?? ""
        case .ambiguous(let reason): "ambiguous: \(reason)"
        }
    }
}
