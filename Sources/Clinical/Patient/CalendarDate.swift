import CivilTime
import HubCore

/// A day in the proleptic Gregorian calendar with no time and no zone, such as a date of birth.
///
/// Stored as days since 1970-01-01, so comparing and stepping by days is integer arithmetic; written and read as
/// `YYYY-MM-DD`.
public struct CalendarDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Days from 1970-01-01 (negative before it).
    public let daysSinceEpoch: Int

    /// The date `daysSinceEpoch` days after 1970-01-01.
    public init(daysSinceEpoch: Int) {
        self.daysSinceEpoch = daysSinceEpoch
    }

    /// A date from its parts; throws when the month has no such day.
    public init(year: Int, month: Int, day: Int) throws(CalendarParseError) {
        guard (1...12).contains(month) else {
            throw CalendarParseError(input: Self.text(year, month, day), problem: .monthOutOfRange(month))
        }
        guard day >= 1, day <= CivilCalendar.daysInMonth(year: year, month: month) else {
            throw CalendarParseError(
                input: Self.text(year, month, day),
                problem: .dayOutOfRange(year: year, month: month, day: day)
            )
        }
        daysSinceEpoch = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
    }

    /// Reads `YYYY-MM-DD` (four-digit year, two-digit month and day).
    public init(parsing text: String) throws(CalendarParseError) {
        // Read byte by byte: every intake entry read from the store carries its local date as text, and splitting
        // each into substrings was a sixteenth of the intake trends page's time (perf).
        let fields =
            text.utf8.withContiguousStorageIfAvailable(Self.fields)
            ?? Array(text.utf8).withUnsafeBufferPointer(Self.fields)
        guard let (year, month, day) = fields else {
            throw CalendarParseError(input: text, problem: .notADate)
        }
        do {
            try self.init(year: year, month: month, day: day)
        } catch {
            throw CalendarParseError(input: text, problem: error.problem)
        }
    }

    /// Year, month and day of `YYYY-MM-DD` in ASCII digits, nil for anything else.
    private static func fields(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int)? {
        let dash = UInt8(ascii: "-")
        guard bytes.count == 10, bytes[4] == dash, bytes[7] == dash else { return nil }
        func number(_ positions: Range<Int>) -> Int? {
            var value = 0
            for position in positions {
                let digit = Int(bytes[position]) - Int(UInt8(ascii: "0"))
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return (year, month, day)
    }

    /// The year, month (1–12) and day (1–31).
    public var components: (year: Int, month: Int, day: Int) {
        CivilCalendar.civilFromDays(daysSinceEpoch)
    }

    /// The day of the week (1970-01-01 was a Thursday).
    public var weekday: Weekday {
        // ISO 8601 numbers Monday 1 ... Sunday 7; day 0 is Thursday, 4.
        let iso = ((daysSinceEpoch + 3) % 7 + 7) % 7 + 1
        return Weekday.allCases[iso - 1]
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> CalendarDate {
        CalendarDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// Whole years from `self` to `date`, counting a year only once its anniversary is reached.
    ///
    /// Someone born on 29 February turns a year older on 1 March in common years.
    public func fullYears(until date: CalendarDate) -> Int {
        let from = components
        let to = date.components
        var years = to.year - from.year
        if (to.month, to.day) < (from.month, from.day) { years -= 1 }
        return years
    }

    /// Earlier dates sort first.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        lhs.daysSinceEpoch < rhs.daysSinceEpoch
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = components
        return Self.text(year, month, day)
    }

    /// Reads the `YYYY-MM-DD` string form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Writes the `YYYY-MM-DD` string form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private static func text(_ year: Int, _ month: Int, _ day: Int) -> String {
        let padded = CivilCalendar.zeroPadded
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
}
