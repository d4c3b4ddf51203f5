import HubCore

/// Which of a day's scheduled sessions a pre- or post-dialysis reading belongs to.
enum SessionSlot {
    /// The index in `sessions` (one weekday's, earliest first) of the session a reading at `millisecondsOfDay`
    /// tagged `phase` belongs to: a pre weight goes with the next session not yet over, a post weight with the
    /// last session already started. 0 when the day has no or one session.
    static func index(
        of phase: DialysisPhase,
        at millisecondsOfDay: Int64,
        among sessions: [DialysisSession]
    ) -> Int {
        guard sessions.count > 1 else { return 0 }
        switch phase {
        case .pre:
            return sessions.firstIndex { $0.end.millisecondsSinceMidnight > millisecondsOfDay } ?? sessions.count - 1
        default:
            return sessions.lastIndex { $0.start.millisecondsSinceMidnight < millisecondsOfDay } ?? 0
        }
    }
}
