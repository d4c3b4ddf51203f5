import CivilTime
import Foundation

/// Fitbit's time stamps (formats.md §1.4): `MM/dd/yy HH:mm:ss` (no zone), `MM/dd/yy`,
/// `yyyy-MM-dd'T'HH:mm:ss.SSS` (sleep, local), and `yyyy-MM-ddTHH:mm:ssZ` (Google CSVs, UTC).
enum FitbitTime {
    /// Wall-clock seconds (the time read as if UTC) of `MM/dd/yy HH:mm:ss` or `MM/dd/yy`. Two-digit
    /// years are 2000–2099: Fitbit exports start in 2009.
    static func usWallClock(_ text: String) -> Int64? {
        DigitReader.reading(text, usWallClock)
    }

    static func usWallClock(_ reader: DigitReader) -> Int64? {
        let count = reader.bytes.count
        guard count == 8 || count == 17 || count == 10, reader.byte(2) == 0x2F,
            let month = reader.number(0, 2), let day = reader.number(3, 2)
        else { return nil }
        // MM/dd/yy or MM/dd/yyyy (one parser claims the latter for resting heart rate, formats.md §1.3).
        let year: Int
        let timeStart: Int
        if count == 10 {
            guard reader.byte(5) == 0x2F, let full = reader.number(6, 4) else { return nil }
            year = full
            timeStart = -1
        } else {
            guard reader.byte(5) == 0x2F, let short = reader.number(6, 2) else { return nil }
            year = 2000 + short
            timeStart = count == 17 ? 9 : -1
        }
        guard CivilCalendar.isValid(year: year, month: month, day: day) else { return nil }
        var hour = 0
        var minute = 0
        var second = 0
        if timeStart > 0 {
            guard reader.byte(8) == 0x20, reader.byte(11) == 0x3A, reader.byte(14) == 0x3A,
                let h = reader.number(9, 2), let m = reader.number(12, 2), let s = reader.number(15, 2),
                h < 24, m < 60, s < 60
            else { return nil }
            (hour, minute, second) = (h, m, s)
        }
        return CivilTime.epochSeconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// Wall-clock seconds of `yyyy-MM-ddTHH:mm:ss[.SSS][Z]` or `yyyy-MM-dd`.
    static func isoWallClock(_ text: String) -> Int64? {
        DigitReader.reading(text, isoWallClock)
    }

    private static func isoWallClock(_ reader: DigitReader) -> Int64? {
        guard reader.bytes.count >= 10, reader.byte(4) == 0x2D, reader.byte(7) == 0x2D,
            let year = reader.number(0, 4), let month = reader.number(5, 2), let day = reader.number(8, 2),
            CivilCalendar.isValid(year: year, month: month, day: day)
        else { return nil }
        if reader.bytes.count == 10 {
            return CivilTime.epochSeconds(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        }
        guard reader.bytes.count >= 19, reader.byte(10) == 0x54 || reader.byte(10) == 0x20, reader.byte(13) == 0x3A,
            reader.byte(16) == 0x3A, let hour = reader.number(11, 2), let minute = reader.number(14, 2),
            let second = reader.number(17, 2), hour < 24, minute < 60, second < 60
        else { return nil }
        return CivilTime.epochSeconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }
}

/// How a file family's zone-less time stamps are read (formats.md §1.4).
struct FitbitZone: Sendable {
    /// The account's zone (Profile.csv `timezone`), else the machine's.
    var local: TimeZone
    /// Whether intraday JSON stamps are UTC (formats.md §1.4: so in the generation-A archive studied;
    /// decided per archive by the boundary method, `FitbitImporter.intradayIsUTC`).
    var intradayUTC: Bool

    /// RFC 3339 of a wall-clock reading in the account's local zone.
    func local(_ wall: Int64) -> (instant: Int64, text: String) {
        let offset = CivilTime.offset(of: local, atWallClock: wall)
        let instant = wall - Int64(offset)
        return (instant, CivilTime.rfc3339(epochSeconds: instant, offsetSeconds: offset))
    }

    /// RFC 3339 of an intraday stamp: UTC or local, as decided for the archive.
    func intraday(_ wall: Int64) -> (instant: Int64, text: String) {
        intradayUTC ? (wall, CivilTime.rfc3339(epochSeconds: wall, offsetSeconds: 0)) : local(wall)
    }
}
