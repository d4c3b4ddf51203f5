import Foundation
import Testing

@testable import Importers

@Suite struct CivilTimeTests {
    @Test func rfc3339WritesUTCWithZAndOtherOffsetsAsSignedHoursAndMinutes() {
        // 2024-03-15T06:00:00Z is 1,710,482,400 s after the epoch.
        #expect(CivilTime.rfc3339(epochSeconds: 1_710_482_400, offsetSeconds: 0) == "2024-03-15T06:00:00Z")
        #expect(CivilTime.rfc3339(epochSeconds: 1_710_482_400, offsetSeconds: 3600) == "2024-03-15T07:00:00+01:00")
        #expect(
            CivilTime.rfc3339(epochSeconds: 1_710_482_400, offsetSeconds: -(9 * 3600 + 30 * 60))
                == "2024-03-14T20:30:00-09:30"
        )
        #expect(
            CivilTime.rfc3339(epochSeconds: 1_710_482_400 + 59, offsetSeconds: 19_800) == "2024-03-15T11:30:59+05:30"
        )
    }

    @Test func rfc3339HandlesInstantsBeforeTheEpochAndLeapDays() {
        #expect(CivilTime.rfc3339(epochSeconds: -1, offsetSeconds: 0) == "1969-12-31T23:59:59Z")
        #expect(CivilTime.rfc3339(epochSeconds: 951_782_400, offsetSeconds: 0) == "2000-02-29T00:00:00Z")
    }

    @Test func rfc3339AgreesWithFoundationOverAYearOfHours() throws {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = try #require(TimeZone(secondsFromGMT: -5 * 3600))
        for hour in stride(from: 0, to: 366 * 24, by: 7) {
            let seconds = Int64(1_704_067_200 + hour * 3600 + hour % 60)
            let expected = formatter.string(from: Date(timeIntervalSince1970: Double(seconds)))
            #expect(CivilTime.rfc3339(epochSeconds: seconds, offsetSeconds: -5 * 3600) == expected)
        }
    }
}
