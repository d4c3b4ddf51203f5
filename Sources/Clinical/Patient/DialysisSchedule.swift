/// A hemodialysis patient's weekly sessions, for example Tue/Thu/Sat 08:00–12:00.
public struct DialysisSchedule: Sendable, Hashable, Codable {
    /// The sessions of a week, in any order.
    public var sessions: [DialysisSession]

    /// A schedule of the given sessions.
    public init(sessions: [DialysisSession]) {
        self.sessions = sessions
    }

    /// The same session times on several weekdays (the usual case: Mon/Wed/Fri or Tue/Thu/Sat).
    public init(weekdays: [Weekday], start: LocalTime, end: LocalTime) {
        self.sessions = weekdays.map { DialysisSession(weekday: $0, start: start, end: end) }
    }

    /// The sessions on a weekday, earliest first.
    public func sessions(on weekday: Weekday) -> [DialysisSession] {
        sessions.filter { $0.weekday == weekday }.sorted { $0.start < $1.start }
    }

    /// The weekdays with at least one session, Monday first.
    public var weekdays: [Weekday] {
        Weekday.allCases.filter { day in sessions.contains { $0.weekday == day } }
    }

    /// Checks that there is a session, that each ends after it starts, and that no two overlap.
    public func validate() throws(ProfileFieldError) {
        guard !sessions.isEmpty else {
            throw ProfileFieldError(field: "dialysisSchedule.sessions", problem: .noSessions)
        }
        for (index, session) in sessions.enumerated() where session.end <= session.start {
            throw ProfileFieldError(
                field: "dialysisSchedule.sessions[\(index)]",
                problem: .sessionEndsBeforeStart(session)
            )
        }
        for (index, session) in sessions.enumerated() {
            for earlier in sessions[..<index]
            where earlier.weekday == session.weekday && earlier.start < session.end && session.start < earlier.end {
                throw ProfileFieldError(
                    field: "dialysisSchedule.sessions[\(index)]",
                    problem: .sessionsOverlap(session, earlier)
                )
            }
        }
    }
}
