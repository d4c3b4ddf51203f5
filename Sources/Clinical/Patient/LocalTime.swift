/// A wall-clock time of day to the minute, with no date and no zone, such as a session start `08:00`.
public struct LocalTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Minutes since midnight, 0–1439.
    public let minutesSinceMidnight: Int

    /// A time from hour (0–23) and minute (0–59).
    public init(hour: Int, minute: Int) throws(CalendarParseError) {
        guard (0...23).contains(hour), (0...59).contains(minute) else {
            throw CalendarParseError(input: "\(hour):\(minute)", problem: .timeOutOfRange(hour: hour, minute: minute))
        }
        minutesSinceMidnight = hour * 60 + minute
    }

    /// Reads `HH:MM` (two digits each, 24-hour clock).
    public init(parsing text: String) throws(CalendarParseError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
            let hour = CalendarParseError.decimal(parts[0]),
            let minute = CalendarParseError.decimal(parts[1])
        else {
            throw CalendarParseError(input: text, problem: .notATime)
        }
        guard (0...23).contains(hour), (0...59).contains(minute) else {
            throw CalendarParseError(input: text, problem: .timeOutOfRange(hour: hour, minute: minute))
        }
        minutesSinceMidnight = hour * 60 + minute
    }

    /// The hour, 0–23.
    public var hour: Int { minutesSinceMidnight / 60 }

    /// The minute, 0–59.
    public var minute: Int { minutesSinceMidnight % 60 }

    /// Milliseconds since midnight on the wall clock.
    package var millisecondsSinceMidnight: Int64 { Int64(minutesSinceMidnight) * 60_000 }

    /// Earlier times sort first.
    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
        lhs.minutesSinceMidnight < rhs.minutesSinceMidnight
    }

    /// `HH:MM`.
    public var description: String {
        "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
    }

    /// Reads the `HH:MM` string form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Writes the `HH:MM` string form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension LocalTime {
    /// A time from minutes since midnight known to be in 0..<1440 (a wall clock's reading), clamped to be sure.
    package init(wallClockMinutes: Int) {
        minutesSinceMidnight = min(max(wallClockMinutes, 0), 1439)
    }
}
