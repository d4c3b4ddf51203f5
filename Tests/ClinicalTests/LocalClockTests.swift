import Foundation
import TestSupport
import Testing

@testable import Clinical

@Suite struct LocalClockTests {
    /// Foundation's `Calendar.startOfDay` is the reference; the fast path must agree with it on every day, including
    /// the days clocks change at night, at midnight (midnight missing) and back across midnight (midnight twice).
    @Test(arguments: [
        "Europe/London", "America/New_York", "America/Sao_Paulo", "America/Santiago", "Asia/Beirut", "America/Havana",
        "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kolkata", "UTC",
    ])
    func startOfDayAgreesWithFoundationsCalendar(_ zone: String) async throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let disagreements = await offCooperativePool {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            var found: [String] = []
            // 2005 through 2030: the zones above changed their rules several times in these years.
            for daysSinceEpoch in 12_784...22_279 {
                let day = CalendarDate(daysSinceEpoch: daysSinceEpoch)
                let localNoon = Double(daysSinceEpoch) * 86_400 + 43_200
                let noon = Date(
                    timeIntervalSince1970: localNoon
                        - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: localNoon)))
                )
                let expected = Int64((calendar.startOfDay(for: noon).timeIntervalSince1970 * 1000).rounded())
                let got = LocalClock.startOfDay(day, in: timeZone)
                if got != expected && found.count < 5 { found.append("\(day): \(got) ≠ \(expected)") }
            }
            return found
        }
        #expect(disagreements.isEmpty, "\(zone): \(disagreements)")
    }
}
