import Testing

@testable import Simulator

@Suite struct TimestampTests {
    @Test func readsAndWritesOffsets() throws {
        let utc = try #require(Timestamp("1970-01-01T00:00:00Z"))
        #expect(utc.secondsSinceEpoch == 0)
        #expect(utc.text == "1970-01-01T00:00:00Z")
        let local = try #require(Timestamp("2026-11-17T07:10:00+01:00"))
        #expect(local.secondsSinceEpoch == 1_794_895_800)
        #expect(local.text == "2026-11-17T07:10:00+01:00")
        #expect(Timestamp("2026-11-17T07:10:00-05:30")?.text == "2026-11-17T07:10:00-05:30")
    }

    @Test func stepsAcrossDaysAndLeapDays() {
        #expect(Timestamp("2028-02-28T23:30:00Z")?.adding(seconds: 3600).text == "2028-02-29T00:30:00Z")
        #expect(Timestamp("2026-12-31T23:59:59+01:00")?.adding(seconds: 1).text == "2027-01-01T00:00:00+01:00")
        #expect(Timestamp("1969-12-31T23:59:59Z")?.secondsSinceEpoch == -1)
    }

    @Test func refusesWhatItCannotKeep() {
        for text in [
            "2026-11-17T07:10:00", "2026-11-17 07:10:00Z", "2026-11-17T07:10:00.5Z", "2026-02-30T00:00:00Z",
            "2026-11-17T24:00:00Z", "2026-11-17T07:10:00+1:00", "", "garbage",
        ] {
            #expect(Timestamp(text) == nil, "\(text)")
        }
    }
}
