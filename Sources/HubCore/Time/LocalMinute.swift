import Foundation

/// An instant as people read it: the date and the time to the minute on a local clock (`2026-11-26 14:02`), the one
/// form the command line, the reports and the web app show times in (issue 17, item 8). Text meant for programs keeps
/// RFC 3339 with seconds and the offset.
public enum LocalMinute {
    /// `epochMilliseconds` on the clock `utcOffsetSeconds` from UTC.
    public static func text(epochMilliseconds: Int64, utcOffsetSeconds: Int) -> String {
        let full = RFC3339.format(epochMilliseconds: epochMilliseconds, utcOffsetSeconds: utcOffsetSeconds)
        // RFC 3339 here is `yyyy-MM-ddTHH:mm:ss…`: the date, then the hour and minute.
        return String(full.prefix(10)) + " " + String(full.dropFirst(11).prefix(5))
    }

    /// A timestamp on the clock it was taken on.
    public static func text(_ timestamp: RFC3339Timestamp) -> String {
        text(epochMilliseconds: timestamp.epochMilliseconds, utcOffsetSeconds: timestamp.utcOffsetSeconds)
    }

    /// `epochMilliseconds` on `zone`'s clock at that instant.
    public static func text(_ epochMilliseconds: Int64, in zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(epochMilliseconds) / 1000))
        return text(epochMilliseconds: epochMilliseconds, utcOffsetSeconds: offset)
    }
}
