import Foundation
import TestSupport
import Testing

@testable import Clinical

@Suite struct LocalClockTests {
    static let zones = [
        "Europe/London", "America/New_York", "America/Sao_Paulo", "America/Santiago", "Asia/Beirut", "America/Havana",
        "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kolkata", "UTC",
    ]
    /// 2005 through 2030, in days since 1970: the zones above changed their rules several times in these years.
    static let days = 12_784...22_279

    /// Foundation's `Calendar.startOfDay` is the reference; the fast path must agree with it on every day, including
    /// the days clocks change at night, at midnight (midnight missing) and back across midnight (midnight twice); so
    /// must the same with the zone's offsets read from a `ZoneOffsets` table over the years.
    @Test(arguments: zones)
    func startOfDayAgreesWithFoundationsCalendar(_ zone: String) async throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let disagreements = await offCooperativePool {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            var found: [String] = []
            let offsets = ZoneOffsets(
                timeZone,
                from: Int64(Self.days.lowerBound - 1) * 86_400_000,
                until: Int64(Self.days.upperBound + 2) * 86_400_000
            )
            for daysSinceEpoch in Self.days {
                let day = CalendarDate(daysSinceEpoch: daysSinceEpoch)
                let localNoon = Double(daysSinceEpoch) * 86_400 + 43_200
                let noon = Date(
                    timeIntervalSince1970: localNoon
                        - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: localNoon)))
                )
                let expected = Int64((calendar.startOfDay(for: noon).timeIntervalSince1970 * 1000).rounded())
                let got = LocalClock.startOfDay(day, in: timeZone)
                if got != expected && found.count < 5 { found.append("\(day): \(got) ≠ \(expected)") }
                let fromTable = LocalClock.startOfDay(day, in: offsets)
                if fromTable != expected && found.count < 5 {
                    found.append("\(day) from the table: \(fromTable) ≠ \(expected)")
                }
            }
            return found
        }
        #expect(disagreements.isEmpty, "\(zone): \(disagreements)")
    }

    /// A `ZoneOffsets` table gives Foundation's own `secondsFromGMT(for:)` at every instant: every 7 h 13 min through
    /// the years (so every hour of the day comes round), a millisecond either side of each clock change, and before
    /// and after the table's span; and the local date and time read through it are those read without it.
    @Test(arguments: zones)
    func zoneOffsetsAgreeWithFoundationAtEveryInstant(_ zone: String) async throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let disagreements = await offCooperativePool {
            let (start, end) = (Int64(Self.days.lowerBound) * 86_400_000, Int64(Self.days.upperBound) * 86_400_000)
            let offsets = ZoneOffsets(timeZone, from: start, until: end)
            var instants = Array(stride(from: start - 3 * 86_400_000, through: end + 3 * 86_400_000, by: 25_980_000))
            var cursor = Date(timeIntervalSince1970: Double(start) / 1000)
            while let change = timeZone.nextDaylightSavingTimeTransition(after: cursor),
                change.timeIntervalSince1970 * 1000 < Double(end)
            {
                let ms = Int64((change.timeIntervalSince1970 * 1000).rounded())
                instants += [ms - 1, ms, ms + 1]
                cursor = change
            }
            var found: [String] = []
            for instant in instants {
                let expected = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant) / 1000)))
                let got = offsets.milliseconds(at: instant)
                if got != expected * 1000 && found.count < 5 {
                    found.append("\(instant): \(got) ms ≠ \(expected * 1000) ms")
                }
                if LocalClock.local(instant, in: offsets) != LocalClock.local(instant, in: timeZone) && found.count < 5
                {
                    found.append("\(instant): local time differs")
                }
            }
            return (found, instants.count)
        }
        #expect(disagreements.0.isEmpty, "\(zone): \(disagreements.0)")
        #expect(disagreements.1 > 30_000)
    }
}
