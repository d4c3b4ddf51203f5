import Clinical

/// A nightly stretch of local time in which notifications are kept in the feed and pushed only when it ends.
///
/// `start` to `end`, start included and end excluded; when `end` is before `start` the stretch crosses midnight
/// (22:00–07:00). Equal times mean no quiet hours.
public struct QuietHours: Sendable, Hashable, Codable, CustomStringConvertible {
    /// When the quiet hours begin.
    public var start: LocalTime
    /// When they end.
    public var end: LocalTime

    /// Quiet hours from `start` to `end`.
    public init(start: LocalTime, end: LocalTime) {
        self.start = start
        self.end = end
    }

    /// Reads `HH:MM-HH:MM`.
    public init(parsing text: String) throws(GoalFieldError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw GoalFieldError(field: "quiet-hours", reason: "'\(text)' is not HH:MM-HH:MM")
        }
        do {
            self.init(start: try LocalTime(parsing: String(parts[0])), end: try LocalTime(parsing: String(parts[1])))
        } catch {
            throw GoalFieldError(field: "quiet-hours", reason: "\(error)")
        }
    }

    /// True when `time` falls inside the quiet hours.
    public func contains(_ time: LocalTime) -> Bool {
        if start == end { return false }
        return start < end ? (time >= start && time < end) : (time >= start || time < end)
    }

    /// `22:00-07:00`.
    public var description: String { "\(start)-\(end)" }
}
