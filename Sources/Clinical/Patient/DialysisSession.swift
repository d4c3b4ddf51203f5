/// One weekly hemodialysis session: a weekday and the local start and end times, for example Tue 08:00–12:00.
///
/// A session ends on the day it starts (end after start); overnight sessions are not modelled yet.
public struct DialysisSession: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The day of the week the session takes place.
    public var weekday: Weekday
    /// When the session starts, on the profile's local clock.
    public var start: LocalTime
    /// When the session ends, on the profile's local clock; must be after `start`.
    public var end: LocalTime

    /// A session on a weekday from `start` to `end`.
    public init(weekday: Weekday, start: LocalTime, end: LocalTime) {
        self.weekday = weekday
        self.start = start
        self.end = end
    }

    /// `Tue 08:00–12:00`.
    public var description: String {
        "\(weekday.abbreviation) \(start)–\(end)"
    }
}
