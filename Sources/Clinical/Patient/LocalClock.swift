import Foundation

/// Where an instant falls on the wall clock of a time zone: the local date and the time since local midnight.
package struct LocalInstant: Sendable, Hashable {
    /// The local calendar date.
    package let date: CalendarDate
    /// Wall-clock milliseconds since local midnight, 0 ..< 86,400,000.
    ///
    /// On a day when clocks change this is the time the clock shows, not the time elapsed since midnight.
    package let millisecondsOfDay: Int64
}

/// Conversions between UTC instants and a time zone's wall clock; Foundation supplies only the zone's offsets.
package enum LocalClock {
    package static let millisecondsPerDay: Int64 = 86_400_000

    /// The wall-clock date and time of an instant in `timeZone`.
    package static func local(_ epochMilliseconds: Int64, in timeZone: TimeZone) -> LocalInstant {
        local(epochMilliseconds, offset: Int64(timeZone.secondsFromGMT(for: date(epochMilliseconds))) * 1000)
    }

    /// The wall-clock date and time of an instant, its zone's offset read from `offsets`.
    package static func local(_ epochMilliseconds: Int64, in offsets: ZoneOffsets) -> LocalInstant {
        local(epochMilliseconds, offset: offsets.milliseconds(at: epochMilliseconds))
    }

    private static func local(_ epochMilliseconds: Int64, offset: Int64) -> LocalInstant {
        let local = epochMilliseconds + offset
        let days = floorDivide(local, millisecondsPerDay)
        return LocalInstant(
            date: CalendarDate(daysSinceEpoch: Int(days)),
            millisecondsOfDay: local - days * millisecondsPerDay
        )
    }

    /// The first instant of a local date in `timeZone`.
    ///
    /// Where midnight does not exist (a clock change at 00:00) this is the first instant the clock shows on that date.
    package static func startOfDay(_ day: CalendarDate, in timeZone: TimeZone) -> Int64 {
        startOfDay(day, timeZone: timeZone) { Int64(timeZone.secondsFromGMT(for: date($0))) * 1000 }
    }

    /// The first instant of a local date, its zone's offsets read from `offsets`.
    package static func startOfDay(_ day: CalendarDate, in offsets: ZoneOffsets) -> Int64 {
        startOfDay(day, timeZone: offsets.timeZone, offset: offsets.milliseconds(at:))
    }

    private static func startOfDay(_ day: CalendarDate, timeZone: TimeZone, offset: (Int64) -> Int64) -> Int64 {
        // Clock changes happen at night, so local noon pins the day; Foundation then finds where the day starts.
        let localNoon = Int64(day.daysSinceEpoch) * millisecondsPerDay + millisecondsPerDay / 2
        let noonOffset = offset(localNoon)
        let noon = localNoon - noonOffset
        // Most days keep one offset from three hours before midnight to noon: then midnight is noon's offset away,
        // and `Calendar` (a seventh of the trends page's time when asked for every day) is needed only near the
        // days the clock changes. The three hours catch a clock set back across midnight, whose first midnight is
        // the earlier one.
        let midnight = noon - millisecondsPerDay / 2
        if offset(midnight) == noonOffset && offset(midnight - 3 * 3_600_000) == noonOffset { return midnight }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let start = calendar.startOfDay(for: date(noon))
        return Int64((start.timeIntervalSince1970 * 1000).rounded())
    }

    private static func date(_ epochMilliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(epochMilliseconds) / 1000)
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }
}
