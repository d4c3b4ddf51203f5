import Foundation

/// A meter's wall-clock time: meters keep local time with no zone (devices.md §4.2, §4.3).
public struct MeterLocalTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int

    /// Nil when the fields do not name a real minute (e.g. month 13, 31 February).
    public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0) {
        guard (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// "YYYYMMDDhhmm" (Contour, devices.md §4.3) or with seconds "YYYYMMDDhhmmss" (Next Link 2.4).
    public init?(astm text: Substring) {
        guard text.count == 12 || text.count == 14, text.allSatisfy(\.isASCII), let _ = Int(text) else { return nil }
        let digits = Array(text)
        func number(_ from: Int, _ length: Int) -> Int { Int(String(digits[from..<from + length])) ?? -1 }
        self.init(
            year: number(0, 4),
            month: number(4, 2),
            day: number(6, 2),
            hour: number(8, 2),
            minute: number(10, 2),
            second: text.count == 14 ? number(12, 2) : 0
        )
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// "YYYYMMDDhhmm", used in source record ids and cursors.
    public var compact: String {
        String(format: "%04d%02d%02d%02d%02d", year, month, day, hour, minute)
    }

    public var description: String {
        String(format: "%04d-%02d-%02d %02d:%02d", year, month, day, hour, minute)
    }

    /// The instant this wall-clock time names in `zone` (the earlier one when a clock change makes it ambiguous).
    public func date(in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
    }

    /// RFC 3339 with the offset `zone` has at that time, as `effectiveTime` needs (adapter-protocol.md §5.2).
    public func rfc3339(in zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date(in: zone))
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d",
            year,
            month,
            day,
            hour,
            minute,
            second,
            sign,
            magnitude / 3600,
            (magnitude % 3600) / 60
        )
    }

    /// The wall-clock time of `date` in `zone`.
    public static func of(_ date: Date, in zone: TimeZone) -> MeterLocalTime? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return MeterLocalTime(
            year: parts.year ?? 0,
            month: parts.month ?? 0,
            day: parts.day ?? 0,
            hour: parts.hour ?? 0,
            minute: parts.minute ?? 0,
            second: parts.second ?? 0
        )
    }

    public static func < (lhs: MeterLocalTime, rhs: MeterLocalTime) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute, lhs.second)
            < (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute, rhs.second)
    }
}
