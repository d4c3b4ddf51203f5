import Foundation
import TestSupport
import Testing

@testable import Clinical
@testable import HubCore

/// Trend summaries over a window and against the previous period.
struct TrendTests {
    typealias F = PatientFixtures
    static let day: Int64 = 86_400_000

    static func point(_ time: String, _ value: Double) throws -> TrendPoint {
        TrendPoint(epochMilliseconds: try F.at(time), value: value)
    }

    @Test func statisticsOfTheWindowAndChangeAgainstThePreviousPeriod() throws {
        let series = [
            try Self.point("2026-11-09T08:00:00Z", 81.0),  // previous period
            try Self.point("2026-11-12T08:00:00Z", 82.0),  // previous period
            try Self.point("2026-11-17T08:00:00Z", 82.4),
            try Self.point("2026-11-14T08:00:00Z", 80.3),  // any order
            try Self.point("2026-11-19T08:00:00Z", 81.9),
            try Self.point("2026-11-20T08:00:00Z", 99.0),  // after the reference
        ]
        let reference = try F.at("2026-11-19T12:00:00Z")
        let summary = try TrendAnalysis.summarize(series, days: 7, endingAt: reference)
        #expect(summary.points.map(\.value) == [80.3, 82.4, 81.9])
        #expect(summary.count == 3)
        #expect(summary.minimum == 80.3)
        #expect(summary.maximum == 82.4)
        #expect(isClose(try #require(summary.mean), (80.3 + 82.4 + 81.9) / 3))
        #expect(summary.previousMean == 81.5)
        let change = try #require(summary.change)
        #expect(isClose(change.absolute, 81.533333333333333 - 81.5, relative: 1e-9))
        #expect(isClose(try #require(change.percent), (81.533333333333333 - 81.5) / 81.5 * 100, relative: 1e-9))
        #expect(summary.period == TrendPeriod(start: reference - 7 * Self.day + 1, end: reference))
        #expect(
            summary.previousPeriod == TrendPeriod(start: reference - 14 * Self.day + 1, end: reference - 7 * Self.day)
        )
    }

    @Test func windowEndsAreExact() throws {
        let reference = try F.at("2026-11-19T12:00:00Z")
        let series = [
            TrendPoint(epochMilliseconds: reference, value: 1),  // included
            TrendPoint(epochMilliseconds: reference - Self.day + 1, value: 2),  // first instant of the window
            TrendPoint(epochMilliseconds: reference - Self.day, value: 3),  // last instant of the previous period
            TrendPoint(epochMilliseconds: reference - 2 * Self.day, value: 4),  // before both
            TrendPoint(epochMilliseconds: reference + 1, value: 5),  // after the reference
        ]
        let summary = try TrendAnalysis.summarize(series, days: 1, endingAt: reference)
        #expect(summary.points.map(\.value) == [2, 1])
        #expect(summary.previousMean == 3)
    }

    @Test func changeIsNilWithoutAPreviousPeriod() throws {
        let summary = try TrendAnalysis.summarize(
            [try Self.point("2026-11-17T08:00:00Z", 5.6)],
            days: 30,
            endingAt: try F.at("2026-11-19T00:00:00Z")
        )
        #expect(summary.mean == 5.6)
        #expect(summary.previousMean == nil)
        #expect(summary.change == nil)
    }

    @Test func anEmptyWindowHasNoStatistics() throws {
        let summary = try TrendAnalysis.summarize(
            [try Self.point("2026-11-01T08:00:00Z", 5.6)],
            days: 7,
            endingAt: try F.at("2026-11-19T00:00:00Z")
        )
        #expect(summary.points.isEmpty)
        #expect(summary.count == 0)
        #expect(summary.minimum == nil && summary.maximum == nil && summary.mean == nil)
        #expect(summary.previousMean == nil)
        #expect(summary.change == nil)
    }

    @Test func percentChangeIsNilFromZero() {
        #expect(TrendChange(from: 0, to: 2) == TrendChange(absolute: 2, percent: nil))
        #expect(TrendChange(from: -2, to: -1) == TrendChange(absolute: 1, percent: 50))
        #expect(TrendChange(from: 4, to: 3) == TrendChange(absolute: -1, percent: -25))
    }

    @Test(arguments: [0, -1, 36_526])
    func daysMustBePositive(_ days: Int) {
        #expect(throws: TrendError.invalidDays(days)) { try TrendAnalysis.summarize([], days: days, endingAt: 0) }
        #expect(TrendError.invalidDays(days).description == "days: \(days) is not accepted (accepted: 1–36525)")
    }

    @Test func nonFiniteValuesAreRefused() {
        #expect(throws: TrendError.nonFiniteValue(.infinity, at: 7)) {
            try TrendAnalysis.summarize([TrendPoint(epochMilliseconds: 7, value: .infinity)], days: 1, endingAt: 0)
        }
    }

    @Test func dailyMeansFollowTheLocalDay() throws {
        let berlin = try F.zone("Europe/Berlin")
        let series = [
            // Both on 16 November in UTC, but on the 16th and the 17th in Berlin.
            try Self.point("2026-11-16T23:30:00+01:00", 82.0),
            try Self.point("2026-11-17T00:30:00+01:00", 83.0),
            try Self.point("2026-11-17T07:10:00+01:00", 82.4),
            try Self.point("2026-11-17T12:40:00+01:00", 80.1),
            try Self.point("2026-11-17T20:00:00+01:00", 99.0),  // after the reference
            try Self.point("2026-11-15T09:00:00+01:00", 81.0),  // previous period (15th)
            try Self.point("2026-11-14T12:35:00+01:00", 80.0),  // previous period (14th)
            try Self.point("2026-11-13T12:35:00+01:00", 70.0),  // before both
        ]
        let reference = try F.at("2026-11-17T13:00:00+01:00")
        let summary = try TrendAnalysis.summarize(series, days: 2, endingAt: reference, aggregation: .dailyMean(berlin))
        #expect(
            summary.points == [
                TrendPoint(epochMilliseconds: try F.at("2026-11-16T00:00:00+01:00"), value: 82.0),
                TrendPoint(epochMilliseconds: try F.at("2026-11-17T00:00:00+01:00"), value: (83.0 + 82.4 + 80.1) / 3),
            ]
        )
        #expect(summary.count == 2)
        #expect(summary.period == TrendPeriod(start: try F.at("2026-11-16T00:00:00+01:00"), end: reference))
        #expect(
            summary.previousPeriod
                == TrendPeriod(
                    start: try F.at("2026-11-14T00:00:00+01:00"),
                    end: try F.at("2026-11-16T00:00:00+01:00") - 1
                )
        )
        #expect(summary.previousMean == 80.5)
        #expect(isClose(try #require(summary.mean), (82.0 + (83.0 + 82.4 + 80.1) / 3) / 2))
    }

    @Test func localDaysStartWhereTheClockSays() throws {
        // Spring forward in Berlin: the day is 23 hours long but starts at midnight.
        #expect(
            LocalClock.startOfDay(try F.date("2026-03-29"), in: try F.zone("Europe/Berlin"))
                == (try F.at("2026-03-29T00:00:00+01:00"))
        )
        #expect(
            LocalClock.startOfDay(try F.date("2026-03-30"), in: try F.zone("Europe/Berlin"))
                == (try F.at("2026-03-30T00:00:00+02:00"))
        )
        // São Paulo skipped midnight on 2018-11-04 (00:00 → 01:00): the day began at 01:00.
        #expect(
            LocalClock.startOfDay(try F.date("2018-11-04"), in: try F.zone("America/Sao_Paulo"))
                == (try F.at("2018-11-04T01:00:00-02:00"))
        )
        // Fall back in New York: the day starts at its first midnight.
        #expect(
            LocalClock.startOfDay(try F.date("2026-11-01"), in: try F.zone("America/New_York"))
                == (try F.at("2026-11-01T00:00:00-04:00"))
        )
    }

    @Test func dailyWindowAcrossAClockChangeCountsLocalDays() throws {
        let berlin = try F.zone("Europe/Berlin")
        let series = [
            try Self.point("2026-03-28T23:30:00+01:00", 1),  // previous period
            try Self.point("2026-03-29T00:15:00+01:00", 2),
            try Self.point("2026-03-29T23:45:00+02:00", 4),
            try Self.point("2026-03-30T00:15:00+02:00", 10),
        ]
        let summary = try TrendAnalysis.summarize(
            series,
            days: 2,
            endingAt: try F.at("2026-03-30T12:00:00+02:00"),
            aggregation: .dailyMean(berlin)
        )
        #expect(summary.points.map(\.value) == [3, 10])
        #expect(summary.previousMean == 1)
    }
}
