import Clinical
import Foundation
import HubCore

/// The local dates a report covers, both ends included, and their instants in the profile's time zone.
public struct ReportPeriod: Sendable, Equatable {
    public var from: CalendarDate
    public var through: CalendarDate
    /// The first instant of `from`, epoch ms.
    public var startMs: Int64
    /// The first instant after `through`, epoch ms.
    public var endMs: Int64

    /// The period from `from` through `through` in `timeZone`.
    public init(from: CalendarDate, through: CalendarDate, timeZone: TimeZone) throws(ReportError) {
        guard from <= through else { throw ReportError.emptyPeriod(from: from, through: through) }
        self.from = from
        self.through = through
        startMs = Self.localMidnight(from, timeZone)
        endMs = Self.localMidnight(through.adding(days: 1), timeZone)
    }

    /// The number of days in the period.
    public var dayCount: Int { through.daysSinceEpoch - from.daysSinceEpoch + 1 }

    private static func localMidnight(_ date: CalendarDate, _ timeZone: TimeZone) -> Int64 {
        let utcMidnight = Int64(date.daysSinceEpoch) * 86_400_000
        // The offset at UTC midnight, then corrected once for a zone change within that day.
        let first = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utcMidnight) / 1000))) * 1000
        let guess = utcMidnight - first
        let second = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(guess) / 1000))) * 1000
        return utcMidnight - second
    }
}
