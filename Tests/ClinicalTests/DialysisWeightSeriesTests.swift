import Foundation
import TestSupport
import Testing

@testable import Clinical
@testable import HubCore

/// Pre- and post-dialysis weight series and the interdialytic gain series from tagged weights.
struct DialysisWeightSeriesTests {
    typealias F = PatientFixtures

    private func weight(_ time: String, _ kilograms: Double, _ phase: DialysisPhase?) throws -> TaggedWeight {
        TaggedWeight(epochMilliseconds: try F.at(time), kilograms: kilograms, phase: phase)
    }

    private func week() throws -> [TaggedWeight] {
        [
            try weight("2026-11-17T12:40:00+01:00", 80.1, .post),
            try weight("2026-11-14T12:35:00+01:00", 80.3, .post),
            try weight("2026-11-17T07:10:00+01:00", 82.4, .pre),
            try weight("2026-11-18T09:00:00+01:00", 81.0, nil),
            try weight("2026-11-19T07:05:00+01:00", 81.9, .pre),
            try weight("2026-11-19T10:00:00+01:00", 81.5, .intra),
            try weight("2026-11-19T12:45:00+01:00", 80.2, .post),
        ]
    }

    @Test func phaseSeriesKeepsOnlyThatPhaseInKilograms() throws {
        let pre = try DialysisWeightSeries.phaseSeries(try week(), phase: .pre, displayUnits: DisplayUnits())
        #expect(pre.name == "weight_pre" && pre.unit == "kg")
        #expect(pre.points.map(\.value) == [82.4, 81.9])
        let post = try DialysisWeightSeries.phaseSeries(try week(), phase: .post, displayUnits: DisplayUnits())
        #expect(post.points.map(\.value) == [80.3, 80.1, 80.2])
        #expect(post.points.map(\.epochMilliseconds) == post.points.map(\.epochMilliseconds).sorted())
    }

    @Test func phaseSeriesIsConvertedToPounds() throws {
        let pre = try DialysisWeightSeries.phaseSeries(
            try week(),
            phase: .pre,
            displayUnits: DisplayUnits(weight: .pound)
        )
        #expect(pre.unit == "[lb_av]")
        #expect(isClose(pre.points[0].value, 82.4 / 0.45359237, relative: 1e-12))  // formats.md §5: 1 lb = 0.45359237 kg
    }

    @Test func gainSeriesHasOnePointPerSessionWithAGain() throws {
        let results = InterdialyticGainCalculator.perSession(
            try week(),
            schedule: try F.tueThuSat(end: "12:30"),
            timeZone: try F.zone("Europe/Berlin"),
            dryWeightKilograms: 80
        )
        let (series, percent) = DialysisWeightSeries.gainSeries(results)
        #expect(series.name == "idwg" && series.unit == "kg")
        #expect(series.points.count == 2)  // Saturday has no pre weight: a gap, left out.
        #expect(isClose(series.points[0].value, 2.1, relative: 1e-9))  // 82.4 − 80.3
        #expect(isClose(series.points[1].value, 1.8, relative: 1e-9))  // 81.9 − 80.1
        #expect(series.points[0].epochMilliseconds == (try F.at("2026-11-17T07:10:00+01:00")))
        let summary = try #require(DialysisWeightSeries.percentSummary(series.points, percentOfDryWeight: percent))
        #expect(isClose(summary.minimum, 2.25, relative: 1e-9))
        #expect(isClose(summary.maximum, 2.625, relative: 1e-9))
        #expect(isClose(summary.mean, 2.4375, relative: 1e-9))
    }

    @Test func noDryWeightGivesNoPercentSummary() throws {
        let results = InterdialyticGainCalculator.perSession(
            try week(),
            schedule: try F.tueThuSat(end: "12:30"),
            timeZone: try F.zone("Europe/Berlin"),
            dryWeightKilograms: nil
        )
        let (series, percent) = DialysisWeightSeries.gainSeries(results)
        #expect(series.points.count == 2 && percent.isEmpty)
        #expect(DialysisWeightSeries.percentSummary(series.points, percentOfDryWeight: percent) == nil)
    }
}
