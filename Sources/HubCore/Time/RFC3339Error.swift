/// Why a string is not an RFC 3339 date-time with an offset; carries the input.
public struct RFC3339Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// The string that was refused.
    public let input: String
    /// What is wrong with it.
    public let problem: Problem

    /// The ways an RFC 3339 date-time can be wrong.
    public enum Problem: Sendable, Equatable {
        /// The text ends before a complete date and time (`YYYY-MM-DDTHH:MM:SS`).
        case incomplete
        /// A character other than the grammar allows at a byte offset.
        case unexpectedCharacter(offset: Int, expected: String)
        /// Date and time are complete but no `Z` or `±hh:mm` follows.
        case missingOffset
        /// A `.` not followed by at least one digit.
        case emptyFraction
        /// Month outside 01–12.
        case monthOutOfRange(Int)
        /// A day that the month does not have (for example 2026-02-29).
        case dayOutOfRange(year: Int, month: Int, day: Int)
        /// Hour outside 00–23, minute or second outside 00–59.
        case timeOutOfRange(hour: Int, minute: Int, second: Int)
        /// Second 60: RFC 3339 allows it, but epoch milliseconds (POSIX time) cannot represent a leap second.
        case leapSecond
        /// Offset hour outside 00–23 or minute outside 00–59.
        case offsetOutOfRange(hours: Int, minutes: Int)
        /// Characters after the offset.
        case trailingCharacters(offset: Int)
    }

    /// A sentence naming the input, what is wrong, and the accepted shape.
    public var description: String {
        "'\(input)' is not an RFC 3339 date-time with offset: \(explanation) (expected e.g. 2026-11-17T07:10:00+01:00)"
    }

    /// What is wrong, without the input.
    public var explanation: String {
        switch problem {
        case .incomplete:
            "it ends before a full date and time YYYY-MM-DDTHH:MM:SS"
        case .unexpectedCharacter(let offset, let expected):
            "expected \(expected) at character \(offset + 1)"
        case .missingOffset:
            "it has no UTC offset ('Z' or ±hh:mm)"
        case .emptyFraction:
            "'.' must be followed by digits"
        case .monthOutOfRange(let month):
            "month \(month) is not 01–12"
        case .dayOutOfRange(let year, let month, let day):
            "day \(day) does not exist in \(year)-\(month < 10 ? "0" : "")\(month)"
        case .timeOutOfRange(let hour, let minute, let second):
            "time \(hour):\(minute):\(second) is out of range (00–23:00–59:00–59)"
        case .leapSecond:
            "leap second :60 cannot be stored as epoch milliseconds"
        case .offsetOutOfRange(let hours, let minutes):
            "offset \(hours):\(minutes) is out of range (00–23:00–59)"
        case .trailingCharacters(let offset):
            "unexpected text after the offset at character \(offset + 1)"
        }
    }
}
