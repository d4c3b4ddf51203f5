import Foundation

/// A time zone's offsets from UTC over a span of instants, looked up once per period between two clock changes.
///
/// Foundation answers each `secondsFromGMT(for:)` by asking ICU under a lock; a chart of a year asked it three times
/// for every day and point, a tenth of the trends page's time (perf). Inside the span an instant's offset is found
/// among the periods by binary search; outside it, Foundation is asked as before.
package struct ZoneOffsets: Sendable {
    /// The zone.
    package let timeZone: TimeZone
    /// Each period's first instant, ascending; the first is the span's start.
    private let starts: [Int64]
    /// Each period's offset in milliseconds.
    private let offsets: [Int64]
    /// The first instant after the span.
    private let end: Int64

    /// The offsets of `timeZone` from `start` up to (not including) `end`.
    package init(_ timeZone: TimeZone, from start: Int64, until end: Int64) {
        self.timeZone = timeZone
        var starts = [start]
        var offsets = [Self.foundationOffset(start, timeZone)]
        // The changes Foundation reports (every change of the zone's offset, as `HubDatabase.utcOffsetCase` reads
        // them); the bound keeps a strange zone from making a huge table (real zones change at most twice a year).
        var cursor = start
        while starts.count < 1000, let next = timeZone.nextDaylightSavingTimeTransition(after: Self.date(cursor)) {
            let nextMs = Int64((next.timeIntervalSince1970 * 1000).rounded())
            guard nextMs < end, nextMs > cursor else { break }
            starts.append(nextMs)
            offsets.append(Self.foundationOffset(nextMs, timeZone))
            cursor = nextMs
        }
        self.starts = starts
        self.offsets = offsets
        // Stopped by the bound before `end`: past the last change read, Foundation answers.
        self.end = starts.count < 1000 ? end : starts[starts.count - 1]
    }

    /// The zone's offset from UTC in milliseconds at `instant`, as `TimeZone.secondsFromGMT(for:)` gives it.
    package func milliseconds(at instant: Int64) -> Int64 {
        guard instant >= starts[0], instant < end else { return Self.foundationOffset(instant, timeZone) }
        // The last period starting at or before the instant.
        var (low, high) = (0, starts.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= instant { low = middle } else { high = middle - 1 }
        }
        return offsets[low]
    }

    private static func foundationOffset(_ instant: Int64, _ timeZone: TimeZone) -> Int64 {
        Int64(timeZone.secondsFromGMT(for: date(instant))) * 1000
    }

    private static func date(_ epochMilliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(epochMilliseconds) / 1000)
    }
}
