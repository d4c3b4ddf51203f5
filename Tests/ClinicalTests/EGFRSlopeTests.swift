import TestSupport
import Testing

@testable import Clinical
@testable import HubCore

/// The eGFR slope (least squares, per year) and KDIGO's rapid-progression flag, on synthetic series.
struct EGFRSlopeTests {
    static let start: Int64 = 1_767_225_600_000  // 2026-01-01T00:00:00Z
    static let day: Int64 = 86_400_000
    static let year = 365.25

    /// Readings on the given days after `start`, each `egfr(day)`.
    private func series(days: [Double], egfr: (Double) -> Double) -> [EGFRReading] {
        days.map { EGFRReading(epochMilliseconds: Self.start + Int64($0 * Double(Self.day)), egfr: egfr($0)) }
    }

    @Test(arguments: [-12.0, -5.5, -5, -1.5, 0, 3])
    func exactLineGivesItsSlope(_ perYear: Double) throws {
        let readings = series(days: [0, 91, 200, 365, 500]) { 60 + perYear * $0 / Self.year }
        let slope = try EGFRSlope.fit(readings)
        #expect(isClose(slope.perYear, perYear, relative: 1e-9))
        #expect(slope.readingCount == 5)
        #expect(slope.spanDays == 500)
    }

    @Test func orderOfReadingsDoesNotMatter() throws {
        let readings = series(days: [0, 120, 240, 360]) { 45 - 8 * $0 / Self.year }
        let forwards = try EGFRSlope.fit(readings)
        let backwards = try EGFRSlope.fit(readings.reversed())
        #expect(isClose(forwards.perYear, backwards.perYear, relative: 1e-12))
    }

    @Test func noisySeriesMatchesTheLeastSquaresSlope() throws {
        // Days 0, 100, 200, 300 with eGFR 50, 49, 46, 45: slope = Σdx·dy / Σdx² in eGFR per day, × 365.25.
        let readings = series(days: [0, 100, 200, 300]) { [0: 50, 100: 49, 200: 46, 300: 45][$0] ?? 0 }
        // mean day 150, mean eGFR 47.5; Σdx·dy = −150·2.5 − 50·1.5 + 50·(−1.5) + 150·(−2.5) = −900; Σdx² = 50000.
        let expected = -900.0 / 50_000 * Self.year
        let slope = try EGFRSlope.fit(readings)
        #expect(isClose(slope.perYear, expected, relative: 1e-9))
        #expect(slope.isRapidProgression)  // −6.57 per year
    }

    @Test(arguments: [(-5.01, true), (-5.0, false), (-4.99, false), (-20, true), (2, false)])
    func rapidProgressionIsADeclineOfMoreThanFivePerYear(perYear: Double, rapid: Bool) {
        #expect(EGFRSlope(perYear: perYear, readingCount: 3, spanDays: 365).isRapidProgression == rapid)
    }

    @Test func steadySeriesIsNotRapid() throws {
        let readings = series(days: [0, 180, 365, 545, 730]) { 38 - 2 * $0 / Self.year }
        let slope = try EGFRSlope.fit(readings)
        #expect(isClose(slope.perYear, -2, relative: 1e-9))
        #expect(!slope.isRapidProgression)
    }

    @Test func twoPointsNinetyDaysApartAreEnough() throws {
        let readings = series(days: [0, 90]) { $0 == 0 ? 50 : 48 }
        let slope = try EGFRSlope.fit(readings)
        #expect(isClose(slope.perYear, -2 / 90 * Self.year, relative: 1e-12))
    }

    @Test func tooFewOrTooCloseIsNotEnoughData() {
        #expect(throws: EGFRSlopeError.notEnoughData(readings: 0, spanDays: 0)) { try EGFRSlope.fit([]) }
        #expect(throws: EGFRSlopeError.notEnoughData(readings: 1, spanDays: 0)) {
            try EGFRSlope.fit(series(days: [0]) { _ in 50 })
        }
        // Five readings, but only 89 days apart.
        let close = series(days: [0, 20, 40, 60, 89]) { 50 - $0 / 10 }
        do {
            _ = try EGFRSlope.fit(close)
            Issue.record("89-day series fitted")
        } catch {
            #expect(error == .notEnoughData(readings: 5, spanDays: 89))
            #expect(
                error.description
                    == "readings: not enough data for an eGFR slope: needs at least 2 eGFR values spanning at least 90 days (have 5 spanning 89 days)"
            )
        }
        // Two readings on the same day, however many, never span anything.
        #expect(throws: EGFRSlopeError.notEnoughData(readings: 2, spanDays: 0)) {
            try EGFRSlope.fit(series(days: [10, 10]) { $0 })
        }
    }

    @Test func invalidValuesAreNamedByPosition() {
        let readings = series(days: [0, 100, 200]) { $0 == 100 ? .nan : 40 }
        do {
            _ = try EGFRSlope.fit(readings)
            Issue.record("NaN eGFR fitted")
        } catch {
            #expect(error.field == "egfr")
            #expect(error.reason == "eGFR nan at position 1 is not a finite number ≥ 0")
        }
        #expect(throws: EGFRSlopeError.invalidEGFR(-1, index: 0)) {
            try EGFRSlope.fit(series(days: [0, 100]) { $0 == 0 ? -1 : 40 })
        }
    }
}
