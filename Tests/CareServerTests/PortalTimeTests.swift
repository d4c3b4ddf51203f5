import CarePortal
import Foundation
import Testing

@Suite("Clinician portal times")
struct PortalTimeTests {
    /// Foundation's own calendar is the reference: the portal's civil arithmetic must print what it prints.
    static func reference(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d UTC",
            c.year ?? 0,
            c.month ?? 0,
            c.day ?? 0,
            c.hour ?? 0,
            c.minute ?? 0
        )
    }

    @Test(
        "times print as Foundation's Gregorian calendar prints them, to the minute in UTC",
        arguments: [
            0, -1, -0.5, 59.999, 951_782_400, 951_868_799, 1_790_000_000, 1_798_761_599, 4_102_444_799, -2_208_988_800,
        ]
    )
    func matchesFoundation(_ seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(PortalTime.text(date) == Self.reference(date))
    }

    @Test("a known moment")
    func knownMoment() {
        #expect(
            PortalTime.text(Date(timeIntervalSince1970: 951_782_400 + 3_600 * 13 + 60 * 5)) == "2000-02-29 13:05 UTC"
        )
    }
}
