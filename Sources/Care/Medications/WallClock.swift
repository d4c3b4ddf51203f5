import Clinical
import Foundation

/// Wall-clock times of a time zone as instants, keeping the clock's reading on days the clocks change: a dose at
/// 08:00 is at 08:00 on the clock the day summer time starts, not eight elapsed hours after midnight.
public enum WallClock {
    /// The instant the clock in `timeZone` shows `time` on `day`; a time inside a spring-forward gap (02:30 when
    /// clocks jump from 02:00 to 03:00) is read with the offset before the gap, which lands after it (03:30).
    public static func instant(_ day: CalendarDate, _ time: LocalTime, in timeZone: TimeZone) -> Int64 {
        let local = Int64(day.daysSinceEpoch) * LocalClock.millisecondsPerDay + time.millisecondsSinceMidnight
        let settled = local - offset(at: local - offset(at: local, in: timeZone), in: timeZone)
        let shown = LocalClock.local(settled, in: timeZone)
        if shown.date == day, shown.millisecondsOfDay == time.millisecondsSinceMidnight { return settled }
        // In a gap: the offset a few hours earlier is the one before the change.
        return local - offset(at: settled - 3 * 3_600_000, in: timeZone)
    }

    private static func offset(at epochMilliseconds: Int64, in timeZone: TimeZone) -> Int64 {
        Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(epochMilliseconds) / 1000))) * 1000
    }
}
