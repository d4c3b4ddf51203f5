import Care
import CareEngine
import Clinical
import Foundation
import HubCore
import HubServices
import TestSupport
import Testing

/// The trends page's parts (`TrendsService.readings`, `labs`, `intake`): the data read once per table (weights with
/// their phases, daily means aggregated in the store) gives the charts the hand-computed values, and the same as each
/// trend read on its own.
@Suite struct TrendsOverviewTests {
    /// Friday 20 November 2026, 12:00 in Berlin.
    static let now: Int64 = 1_795_172_400_000

    /// A hemodialysis patient in Berlin (Mon/Wed/Fri 08:00-12:00, dry weight 80 kg) on a clock stopped at `now`.
    func world() async throws -> (TemporaryDirectory, HubApplication) {
        let directory = try TemporaryDirectory()
        let app = try HubApplication.open(atPath: directory.file("hub.sqlite"), clock: ManualClock(start: Self.now))
        _ = try await app.terms.acceptCurrent()
        var changes = ProfileChanges()
        changes.name = "Ana"
        changes.timeZone = "Europe/Berlin"
        changes.category = "hemodialysis"
        changes.schedule = "mon,wed,fri 08:00-12:00"
        changes.dryWeightKilograms = 80
        _ = try await app.profiles.save(changes)
        return (directory, app)
    }

    func instant(_ text: String) throws -> Int64 { try RFC3339.parse(text).epochMilliseconds }

    @Test func theChartsShowEachPhasesWeightsTheGainAndOneBloodPressurePerLocalDay() async throws {
        let (directory, app) = try await world()
        defer { directory.remove() }
        let weights: [(Double, DialysisPhase, String)] = [
            (80.3, DialysisPhase.post, "2026-11-16T12:30"), (82.4, .pre, "2026-11-18T07:30"),
            (80.5, .post, "2026-11-18T12:30"), (82.0, .pre, "2026-11-20T07:30"),
        ]
        for (kilograms, phase, at) in weights {
            _ = try await app.weight.add(value: kilograms, unit: "kg", phase: phase, at: at, profile: nil)
        }
        // Two readings on the 18th (a mean of 135/85), one on the 19th; and one at 00:30 on 24 October, still
        // summer time (UTC+2): 22:30 UTC on the 23rd, which a single winter offset would put on the wrong day.
        let pressures: [(Double, Double, String)] = [
            (130.0, 80.0, "2026-11-18T07:00"), (140, 90, "2026-11-18T13:00"), (120, 70, "2026-11-19T09:00"),
            (150, 95, "2026-10-24T00:30"),
        ]
        for (systolic, diastolic, at) in pressures {
            _ = try await app.bloodPressure.add(
                systolic: systolic,
                diastolic: diastolic,
                unit: "mm[Hg]",
                pulse: nil,
                position: .sitting,
                arm: "left",
                phase: .noDialysis,
                at: at,
                profile: nil
            )
        }
        let overview = try await app.trends.readings(days: 90, profile: nil)

        func points(_ trend: TrendsService.Trend?, _ index: Int = 0) -> [TrendPoint] {
            trend?.summaries[index].summary.points ?? []
        }
        // A weight chart draws each day's mean at the day's start (one weight of a phase a day here).
        #expect(
            points(overview.preWeight) == [
                TrendPoint(epochMilliseconds: try instant("2026-11-18T00:00:00+01:00"), value: 82.4),
                TrendPoint(epochMilliseconds: try instant("2026-11-20T00:00:00+01:00"), value: 82.0),
            ]
        )
        #expect(points(overview.postWeight).map(\.value) == [80.3, 80.5])
        let gains = points(overview.gain)
        #expect(
            gains.map(\.epochMilliseconds) == [
                try instant("2026-11-18T07:30:00+01:00"), try instant("2026-11-20T07:30:00+01:00"),
            ]
        )
        #expect(zip(gains.map(\.value), [2.1, 1.5]).allSatisfy { abs($0 - $1) < 1e-9 })

        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let midnights = try ["2026-10-24T00:00:00+02:00", "2026-11-18T00:00:00+01:00", "2026-11-19T00:00:00+01:00"]
            .map(instant)
        let systolic = points(overview.bloodPressure, 0)
        let diastolic = points(overview.bloodPressure, 1)
        #expect(overview.bloodPressure.summaries.map(\.series.name) == ["systolic", "diastolic"])
        #expect(systolic.map(\.epochMilliseconds) == midnights)
        #expect(systolic.map(\.value) == [150, 135, 120])
        #expect(diastolic.map(\.value) == [95, 85, 70])
        #expect(overview.bloodPressure.aggregation == .dailyMean(berlin))
        #expect(overview.glucose.summaries.first?.summary.points.isEmpty == true)

        // The same as each chart's trend read on its own from every reading.
        func same(_ a: TrendsService.Trend?, _ b: TrendsService.Trend) {
            let pairs = zip(a?.summaries ?? [], b.summaries)
            #expect(a?.summaries.count == b.summaries.count)
            for (x, y) in pairs {
                #expect(x.series.name == y.series.name && x.series.unit == y.series.unit)
                #expect(x.summary.points.map(\.epochMilliseconds) == y.summary.points.map(\.epochMilliseconds))
                #expect(zip(x.summary.points, y.summary.points).allSatisfy { abs($0.value - $1.value) < 1e-9 })
                #expect(x.summary.count == y.summary.count)
            }
        }
        let trends = app.trends
        same(overview.preWeight, try await trends.trend(.init(subject: .weight, phase: .pre), days: 90, profile: nil))
        same(overview.postWeight, try await trends.trend(.init(subject: .weight, phase: .post), days: 90, profile: nil))
        same(overview.gain, try await trends.trend(.init(subject: .weight, gain: true), days: 90, profile: nil))
        same(overview.bloodPressure, try await trends.trend(.init(subject: .bloodPressure), days: 90, profile: nil))
        same(overview.glucose, try await trends.trend(.init(subject: .bloodGlucose), days: 90, profile: nil))
    }

    @Test func theLabsPartShowsEachLabWithAResultInCatalogOrderWithTheStandingOfItsLatest() async throws {
        let (directory, app) = try await world()
        defer { directory.remove() }
        let results = [
            ("albumin", "3.6", "g/dL", "2026-11-19"), ("potassium", "5.8", "mmol/L", "2026-10-30"),
            ("potassium", "4.6", "mmol/L", "2026-11-19"),
        ]
        for (analyte, value, unit, date) in results {
            _ = try await app.labs.add(analyte: analyte, value: value, unit: unit, date: date, profile: nil)
        }
        // Labs are sparse: a week's window still draws the potassium of three weeks ago.
        let labs = try await app.trends.labs(days: 7, profile: nil).labs
        #expect(labs.map(\.analyte.id) == ["potassium", "albumin"])
        let potassium = try #require(labs.first)
        #expect(potassium.trend.summaries.first?.series.points.map(\.value) == [5.8, 4.6])
        #expect(potassium.standing?.value.value == 4.6)
        #expect(potassium.standing?.flag == .inRange)
    }

    @Test func theIntakePartHasOneDayADayOfAtMostAMonthEndingTodayWithTheDaysTotalsAgainstTheLimits() async throws {
        let (directory, app) = try await world()
        defer { directory.remove() }
        // 23:30 on Thursday the 19th in Berlin (22:30 UTC), and 09:00 and 10:00 today (the 20th): two local days.
        let drinks = [
            (250.0, "2026-11-19T23:30:00+01:00"), (300, "2026-11-20T09:00:00+01:00"),
            (200, "2026-11-20T10:00:00+01:00"),
        ]
        for (millilitres, at) in drinks {
            let taken = try RFC3339.parse(at)
            _ = try await app.intake.logFluid(
                amount: millilitres,
                unit: "mL",
                what: "water",
                at: { _, _ in taken },
                profile: nil
            )
        }
        let year = try await app.trends.intake(days: 365, profile: nil).intake
        #expect(year.count == TrendsService.intakeDays)
        #expect(year.last?.day.description == "2026-11-20")
        #expect(year.first?.day.description == "2026-10-21")
        let fluid = year.suffix(2).map { $0.summary.intake.total(of: .fluid).value }
        #expect(fluid == [250, 500])
        #expect(year.last?.summary.limits.contains { $0.limit.subject == .fluid } == true)
        let week = try await app.trends.intake(days: 7, profile: nil).intake
        #expect(week.map(\.day.description).first == "2026-11-14" && week.count == 7)
    }
}
