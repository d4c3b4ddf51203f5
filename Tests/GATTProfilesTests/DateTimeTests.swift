import Foundation
import Testing

@testable import GATTProfiles

/// Date Time 0x2A08 vectors of research devices.md §1.1.
struct DateTimeTests {
    @Test(arguments: [
        ("E8 07 03 0F 07 2A 0A", "2024-03-15T07:42:10"),
        ("DD 07 08 1A 09 0A 14", "2013-08-26T09:10:20"),
        ("E2 07 04 11 0F 33 00", "2018-04-17T15:51:00"),
    ])
    func decodes(bytes: String, expected: String) throws {
        let time = try GATTDateTime(bytes: hex(bytes))
        #expect(time.description == expected)
        #expect(time.bytes == hex(bytes))
    }

    @Test func refusesOutOfRangeFieldsAndWrongLengths() {
        #expect(throws: GATTDecodingError.self) { try GATTDateTime(bytes: hex("E8 07 0D 0F 07 2A 0A")) }  // month 13
        #expect(throws: GATTDecodingError.self) { try GATTDateTime(bytes: hex("E8 07 03 0F 18 2A 0A")) }  // hour 24
        #expect(throws: GATTDecodingError.self) { try GATTDateTime(bytes: hex("E8 07 03 0F 07 2A")) }
    }

    @Test func addsOffsetsAcrossMidnightAndMonths() {
        let base = GATTDateTime(year: 2024, month: 3, day: 1, hours: 0, minutes: 3, seconds: 0)
        #expect(base.adding(minutes: -5).description == "2024-02-29T23:58:00")
        #expect(base.adding(minutes: 1440).description == "2024-03-02T00:03:00")
    }

    @Test func rfc3339CarriesTheZonesOffsetAndRefusesTimesThatDoNotExistThere() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let winter = GATTDateTime(year: 2026, month: 2, day: 14, hours: 7, minutes: 10, seconds: 0)
        #expect(winter.rfc3339(in: berlin) == "2026-02-14T07:10:00+01:00")
        let summer = GATTDateTime(year: 2026, month: 7, day: 14, hours: 7, minutes: 10, seconds: 5)
        #expect(summer.rfc3339(in: berlin) == "2026-07-14T07:10:05+02:00")
        // No 31 February, no 02:30 on the morning clocks jump from 02:00 to 03:00 (29 March 2026), no unknown day.
        #expect(
            GATTDateTime(year: 2026, month: 2, day: 31, hours: 7, minutes: 0, seconds: 0).rfc3339(in: berlin) == nil
        )
        #expect(
            GATTDateTime(year: 2026, month: 3, day: 29, hours: 2, minutes: 30, seconds: 0).rfc3339(in: berlin) == nil
        )
        #expect(GATTDateTime(year: 2026, month: 3, day: 0, hours: 7, minutes: 0, seconds: 0).rfc3339(in: berlin) == nil)
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(winter.rfc3339(in: newYork) == "2026-02-14T07:10:00-05:00")
    }
}
