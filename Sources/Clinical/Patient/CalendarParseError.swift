import HubCore

/// Why a text is not a calendar date (`YYYY-MM-DD`) or a time of day (`HH:MM`); carries the input.
public struct CalendarParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text or the parts that were refused.
    public let input: String
    /// What is wrong with it.
    public let problem: Problem

    /// The ways a date or a time of day can be wrong.
    public enum Problem: Sendable, Equatable {
        /// Not of the shape `YYYY-MM-DD`.
        case notADate
        /// Not of the shape `HH:MM`.
        case notATime
        /// Month outside 1–12.
        case monthOutOfRange(Int)
        /// A day the month does not have.
        case dayOutOfRange(year: Int, month: Int, day: Int)
        /// Hour outside 0–23 or minute outside 0–59.
        case timeOutOfRange(hour: Int, minute: Int)
    }

    /// A sentence naming the input, what is wrong, and the accepted shape.
    public var description: String {
        switch problem {
        case .notADate:
            "'\(input)' is not a date (expected YYYY-MM-DD, e.g. 1961-04-12)"
        case .notATime:
            "'\(input)' is not a time of day (expected HH:MM, 00:00–23:59, e.g. 08:00)"
        case .monthOutOfRange(let month):
            "'\(input)' is not a date: month \(month) is not 01–12"
        case .dayOutOfRange(let year, let month, let day):
            "'\(input)' is not a date: day \(day) does not exist in \(year)-\(month < 10 ? "0" : "")\(month)"
        case .timeOutOfRange(let hour, let minute):
            "'\(input)' is not a time of day: \(hour):\(minute) is outside 00:00–23:59"
        }
    }

    /// The value of a string of ASCII digits, or nil for anything else (no sign, no spaces).
    static func decimal(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return Int(text)
    }
}
