/// A session whose interdialytic weight gain cannot be computed, and why.
public struct InterdialyticGap: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The session without a gain.
    public var session: SessionOccurrence
    /// What is missing.
    public var reason: Reason

    /// What is missing for a gain.
    public enum Reason: Sendable, Hashable, Codable {
        /// The session has a post weight but no pre-dialysis weight.
        case missingPreWeight
        /// The previous session (scheduled, or the last one with readings) has no post-dialysis weight.
        case missingPreviousPostWeight(previousSession: SessionOccurrence)
        /// No earlier session is known, so there is no post weight to start from.
        case noPreviousSession
    }

    /// A sentence naming the session and what is missing.
    public var description: String {
        switch reason {
        case .missingPreWeight:
            "session \(session): missing pre-dialysis weight"
        case .missingPreviousPostWeight(let previous):
            "session \(session): missing post-dialysis weight of the previous session (\(previous))"
        case .noPreviousSession:
            "session \(session): no previous session to measure the gain from"
        }
    }
}
