import CivilTime
import Foundation
import Testing

@testable import HubCore

/// RFC 3339 parsing edge cases and the formatter's round trip.
struct RFC3339Tests {
    struct Valid: Sendable, CustomTestStringConvertible {
        let text: String
        let epochMs: Int64
        let offset: Int
        var testDescription: String { text }
    }

    // Expected instants computed independently (Python datetime.fromisoformat).
    static let valid: [Valid] = [
        Valid(text: "2026-11-17T07:10:00+01:00", epochMs: 1_794_895_800_000, offset: 3600),
        Valid(text: "2000-01-01T00:00:00Z", epochMs: 946_684_800_000, offset: 0),
        Valid(text: "2000-01-01t00:00:00z", epochMs: 946_684_800_000, offset: 0),
        Valid(text: "2026-03-01T23:30:00-05:30", epochMs: 1_772_427_600_000, offset: -19800),
        Valid(text: "1970-01-01T00:00:00-00:00", epochMs: 0, offset: 0),
        Valid(text: "1970-01-01T05:45:00+05:45", epochMs: 0, offset: 20700),
        Valid(text: "1969-12-31T23:59:59.999Z", epochMs: -1, offset: 0),
        Valid(text: "2024-02-29T12:00:00Z", epochMs: 1_709_208_000_000, offset: 0),
        Valid(text: "2000-02-29T00:00:00Z", epochMs: 951_782_400_000, offset: 0),
        Valid(text: "2024-02-29T12:00:00.5Z", epochMs: 1_709_208_000_500, offset: 0),
        Valid(text: "2024-02-29T12:00:00.12Z", epochMs: 1_709_208_000_120, offset: 0),
        Valid(text: "2024-02-29T12:00:00.123456789+00:00", epochMs: 1_709_208_000_123, offset: 0),
        Valid(text: "2024-02-29T12:00:00.000000Z", epochMs: 1_709_208_000_000, offset: 0),
        Valid(text: "2024-02-29T23:59:59+23:59", epochMs: 1_709_164_859_000, offset: 86340),
    ]

    @Test(arguments: valid)
    func parsesValidDateTimes(_ sample: Valid) throws {
        let timestamp = try RFC3339.parse(sample.text)
        #expect(timestamp.epochMilliseconds == sample.epochMs)
        #expect(timestamp.utcOffsetSeconds == sample.offset)
    }

    struct Invalid: Sendable, CustomTestStringConvertible {
        let text: String
        let problem: RFC3339Error.Problem
        var testDescription: String { text.isEmpty ? "(empty)" : text }
    }

    static let invalid: [Invalid] = [
        Invalid(text: "2026-11-17T07:10:00", problem: .missingOffset),
        Invalid(text: "2026-11-17T07:10:00.250", problem: .missingOffset),
        Invalid(text: "2026-02-29T00:00:00Z", problem: .dayOutOfRange(year: 2026, month: 2, day: 29)),
        Invalid(text: "2026-02-30T00:00:00Z", problem: .dayOutOfRange(year: 2026, month: 2, day: 30)),
        Invalid(text: "1900-02-29T00:00:00Z", problem: .dayOutOfRange(year: 1900, month: 2, day: 29)),
        Invalid(text: "2026-04-31T00:00:00Z", problem: .dayOutOfRange(year: 2026, month: 4, day: 31)),
        Invalid(text: "2026-11-00T00:00:00Z", problem: .dayOutOfRange(year: 2026, month: 11, day: 0)),
        Invalid(text: "2026-13-01T00:00:00Z", problem: .monthOutOfRange(13)),
        Invalid(text: "2026-11-17T24:00:00Z", problem: .timeOutOfRange(hour: 24, minute: 0, second: 0)),
        Invalid(text: "2026-11-17T07:60:00Z", problem: .timeOutOfRange(hour: 7, minute: 60, second: 0)),
        Invalid(text: "2026-12-31T23:59:60Z", problem: .leapSecond),
        Invalid(text: "2026-11-17T07:10:00+24:00", problem: .offsetOutOfRange(hours: 24, minutes: 0)),
        Invalid(text: "2026-11-17T07:10:00+0100", problem: .unexpectedCharacter(offset: 19, expected: "±hh:mm")),
        Invalid(text: "2026-11-17T07:10:00+01", problem: .unexpectedCharacter(offset: 19, expected: "±hh:mm")),
        Invalid(text: "2026-11-17T07:10:00.Z", problem: .unexpectedCharacter(offset: 20, expected: "a digit")),
        Invalid(text: "2026-11-17T07:10:00.", problem: .emptyFraction),
        Invalid(text: "2026-11-17T07:10:00Z ", problem: .trailingCharacters(offset: 20)),
        Invalid(text: "2026-11-17 07:10:00Z", problem: .unexpectedCharacter(offset: 10, expected: "'T'")),
        Invalid(text: "2026-11-17T07:10Z", problem: .unexpectedCharacter(offset: 16, expected: "':'")),
        Invalid(text: "2026-11-17", problem: .incomplete),
        Invalid(text: "", problem: .incomplete),
        Invalid(text: "yesterday at noon, roughly", problem: .unexpectedCharacter(offset: 0, expected: "a digit")),
        Invalid(text: "２０２６-11-17T07:10:00Z", problem: .unexpectedCharacter(offset: 0, expected: "a digit")),
        Invalid(text: "1794895800000", problem: .unexpectedCharacter(offset: 4, expected: "'-'")),
    ]

    @Test(arguments: invalid)
    func rejectsWithAReason(_ sample: Invalid) {
        do {
            let parsed = try RFC3339.parse(sample.text)
            Issue.record("parsed as \(parsed)")
        } catch {
            #expect(error.problem == sample.problem)
            #expect(error.input == sample.text)
            #expect(error.description.contains("2026-11-17T07:10:00+01:00"), "reason shows the accepted shape")
        }
    }

    @Test func formatsBackInTheOriginalOffset() throws {
        for text in [
            "2026-11-17T07:10:00+01:00", "2026-03-01T23:30:00-05:30", "2024-02-29T12:00:00.500Z",
            "1969-12-31T23:59:59.999Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999+14:00",
        ] {
            #expect(RFC3339.format(try RFC3339.parse(text)) == text)
        }
        #expect(RFC3339.format(try RFC3339.parse("2024-02-29T12:00:00.123456+00:00")) == "2024-02-29T12:00:00.123Z")
    }

    @Test func formatterTruncatesSubMinuteOffsetsButKeepsTheInstant() throws {
        let text = RFC3339.format(epochMilliseconds: 0, utcOffsetSeconds: 3630)
        #expect(text == "1970-01-01T01:00:00+01:00")
        #expect(try RFC3339.parse(text).epochMilliseconds == 0)
    }

    /// Foundation as an independent oracle over many instants and offsets.
    @Test func agreesWithFoundationOnRandomInstants() throws {
        var generator = SystemRandomNumberGenerator()
        let oracle = ISO8601DateFormatter()
        oracle.formatOptions = [.withInternetDateTime]
        for _ in 0..<2000 {
            let seconds = Int64.random(in: -2_208_988_800...4_102_444_800, using: &generator)  // 1900–2100
            let offset = Int.random(in: -14 * 4...14 * 4, using: &generator) * 15 * 60
            let text = RFC3339.format(epochMilliseconds: seconds * 1000, utcOffsetSeconds: offset)
            let date = try #require(oracle.date(from: text), "Foundation cannot read \(text)")
            #expect(Int64(date.timeIntervalSince1970) == seconds, "\(text)")
            let parsed = try RFC3339.parse(text)
            #expect(parsed.epochMilliseconds == seconds * 1000)
            #expect(parsed.utcOffsetSeconds == offset)
        }
    }

    @Test func civilCalendarRoundTrips() {
        for days in stride(from: -1_000_000, through: 1_000_000, by: 997) {
            let (year, month, day) = CivilCalendar.civilFromDays(days)
            #expect(CivilCalendar.daysFromCivil(year: year, month: month, day: day) == days)
        }
        #expect(CivilCalendar.daysFromCivil(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilCalendar.daysFromCivil(year: 2000, month: 3, day: 1) == 11017)
    }

    @Test func dateFieldsAreZeroPaddedAfterTheirSign() {
        #expect(CivilCalendar.zeroPadded(7, width: 2) == "07")
        #expect(CivilCalendar.zeroPadded(2026, width: 4) == "2026")
        #expect(CivilCalendar.zeroPadded(12345, width: 4) == "12345")
        #expect(CivilCalendar.zeroPadded(-44, width: 4) == "-0044")
        #expect(CivilCalendar.zeroPadded(0, width: 2) == "00")
    }
}
