import Clinical
import Foundation

/// Local days of a time zone as UTC instants, for goals and reminders (the wall-clock rules live in `LocalClock`).
public enum GoalCalendar {
    /// The first instant of a local date (its midnight, or the first instant a clock change leaves).
    public static func startOfDay(_ day: CalendarDate, in timeZone: TimeZone) -> Int64 {
        // Far-past sentinel dates (an until-goal's open start) need no zone lookup.
        // Clamped: the sentinel (about Int.min / 2 days) in milliseconds would overflow Int64 and trap.
        if day.daysSinceEpoch < -1_000_000 { return -1_000_000 * LocalClock.millisecondsPerDay }
        return LocalClock.startOfDay(day, in: timeZone)
    }

    /// The local date of an instant.
    public static func date(at epochMilliseconds: Int64, in timeZone: TimeZone) -> CalendarDate {
        LocalClock.local(epochMilliseconds, in: timeZone).date
    }

    /// The wall-clock time of an instant, to the minute.
    public static func timeOfDay(at epochMilliseconds: Int64, in timeZone: TimeZone) -> LocalTime {
        LocalTime(wallClockMinutes: Int(LocalClock.local(epochMilliseconds, in: timeZone).millisecondsOfDay / 60_000))
    }

    /// The instant a local date and time of day fall on (the time after a spring-forward gap is taken as elapsed).
    public static func instant(_ day: CalendarDate, _ time: LocalTime, in timeZone: TimeZone) -> Int64 {
        startOfDay(day, in: timeZone) + time.millisecondsSinceMidnight
    }
}
