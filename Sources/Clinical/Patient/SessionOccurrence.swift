/// One dialysis session on the calendar: its local date and which of that day's scheduled sessions it is.
public struct SessionOccurrence: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The local date of the session.
    public var date: CalendarDate
    /// The index among that date's scheduled sessions, earliest first; 0 on a day with one session or none.
    public var index: Int

    /// A session on a date.
    public init(date: CalendarDate, index: Int = 0) {
        self.date = date
        self.index = index
    }

    /// Earlier sessions sort first.
    public static func < (lhs: SessionOccurrence, rhs: SessionOccurrence) -> Bool {
        (lhs.date, lhs.index) < (rhs.date, rhs.index)
    }

    /// `Tue 2026-11-17`, with `#2` for a second session that day.
    public var description: String {
        "\(date.weekday.abbreviation) \(date)\(index > 0 ? " #\(index + 1)" : "")"
    }
}
