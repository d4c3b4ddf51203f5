import Clinical
import Foundation
import HubCore
import TestSupport
import Testing

@testable import TerminalOutput

/// The terminal chart, by exact snapshots.
struct TerminalChartTests {
    typealias F = PatientFixtures
    static let day: Int64 = 86_400_000

    /// The simulator's weights and two more sessions, 14–21 November 2026 in Berlin.
    static func weights() throws -> [TrendPoint] {
        [
            TrendPoint(epochMilliseconds: try F.at("2026-11-14T12:35:00+01:00"), value: 80.3),
            TrendPoint(epochMilliseconds: try F.at("2026-11-17T07:10:00+01:00"), value: 82.4),
            TrendPoint(epochMilliseconds: try F.at("2026-11-17T12:40:00+01:00"), value: 80.1),
            TrendPoint(epochMilliseconds: try F.at("2026-11-19T07:05:00+01:00"), value: 81.9),
            TrendPoint(epochMilliseconds: try F.at("2026-11-21T07:00:00+01:00"), value: 82.7),
        ]
    }

    @Test func weightsSnapshot() throws {
        let chart = try TerminalChart.render(
            Self.weights().reversed(),  // any order
            width: 32,
            height: 4,
            unit: "kg",
            timeZone: try F.zone("Europe/Berlin")
        )
        // Columns: (t − first) × 22 ÷ span, rounded: 0, 9, 10, 16, 22. Eighths of 32: 1 + round((v − 80.1) ÷ 2.6 × 31),
        // so 80.3 → 3 (▃), 82.4 → 28 (3 rows and ▄), 80.1 → 1 (▁), 81.9 → 22 (2 rows and ▆), 82.7 → 32.
        let expected = """
            82.7 kg ┤         ▄            █
                    │         █      ▆     █
                    │         █      █     █
            80.1 kg ┤▃        █▁     █     █
                    └───────────────────────
                     2026-11-14   2026-11-21
            """
        #expect(chart == expected)
        #expect(chart.split(separator: "\n").allSatisfy { $0.count <= 32 })
    }

    @Test func negativeValuesAndNoUnit() throws {
        let base = try F.at("2026-11-01T09:00:00Z")
        let series = [
            TrendPoint(epochMilliseconds: base, value: -1.25),
            TrendPoint(epochMilliseconds: base + Self.day, value: 0.5),
            TrendPoint(epochMilliseconds: base + 2 * Self.day, value: 0.04),
        ]
        let expected = """
             0.5 ┤           █         ▄
            -1.3 ┤▁          █         █
                 └──────────────────────
                  2026-11-01  2026-11-03
            """
        #expect(try TerminalChart.render(series, width: 28, height: 2, unit: "") == expected)
    }

    @Test func aFlatSeriesHasOneLabelAndHalfHeightBars() throws {
        let base = try F.at("2026-11-01T09:00:00Z")
        let series = (0..<4).map { TrendPoint(epochMilliseconds: base + Int64($0) * Self.day, value: 120) }
        let expected = """
                      │
                      │▄       ▄       ▄       ▄
            120 mg/dL ┤█       █       █       █
                      └─────────────────────────
                       2026-11-01     2026-11-04
            """
        #expect(try TerminalChart.render(series, width: 36, height: 3, unit: "mg/dL") == expected)
    }

    @Test func aSinglePointShowsOneDate() throws {
        let series = [TrendPoint(epochMilliseconds: try F.at("2026-11-01T09:00:00Z"), value: 5.6)]
        let expected = """
                       │
            5.6 mmol/L ┤█
                       └────────────────────────
                        2026-11-01
            """
        #expect(try TerminalChart.render(series, width: 36, height: 2, unit: "mmol/L") == expected)
    }

    @Test func pointsSharingAColumnAreAveraged() throws {
        // Values 0, 1, 2 repeating, three a day for 8 days, in 21 columns: columns holding one point show it, columns
        // holding two show their mean (checked against an independent computation).
        let base = try F.at("2026-11-01T06:00:00Z")
        let series = (0..<24).map {
            TrendPoint(epochMilliseconds: base + Int64($0) * Self.day / 3, value: Double($0 % 3))
        }
        let chart = try TerminalChart.render(series, width: 26, height: 2, unit: "L", fractionDigits: 0)
        let expected = """
            2 L ┤ ▁█ █ ▁█ ▁▁▁█ ▁█ ▄ ▁█
            0 L ┤▁██▅█▁██▁████▁██▁█▁██
                └─────────────────────
                 2026-11-01 2026-11-08
            """
        #expect(chart == expected)
    }

    @Test func datesAreLocalToTheZone() throws {
        // 23:30 UTC on 31 October is 00:30 on 1 November in Berlin (winter time).
        let series = [
            TrendPoint(epochMilliseconds: try F.at("2026-10-31T23:30:00Z"), value: 1),
            TrendPoint(epochMilliseconds: try F.at("2026-11-07T23:30:00Z"), value: 2),
        ]
        let utc = try TerminalChart.render(series, width: 30, height: 2, unit: "")
        let berlin = try TerminalChart.render(
            series,
            width: 30,
            height: 2,
            unit: "",
            timeZone: try F.zone("Europe/Berlin")
        )
        #expect(utc.hasSuffix("\n     2026-10-31     2026-11-07"))
        #expect(berlin.hasSuffix("\n     2026-11-01     2026-11-08"))
    }

    @Test func emptySeries() throws {
        #expect(try TerminalChart.render([], width: 40, height: 5, unit: "kg") == "(no data)")
    }

    @Test func tooSmallOrBadArgumentsAreRefused() throws {
        let series = try Self.weights()
        // "82.7 kg" is 7 wide, then " ┤", then at least 21 plot columns.
        #expect(throws: TerminalChartError.tooNarrow(width: 29, minimum: 30)) {
            try TerminalChart.render(series, width: 29, height: 4, unit: "kg")
        }
        _ = try TerminalChart.render(series, width: 30, height: 4, unit: "kg")
        #expect(throws: TerminalChartError.tooShort(height: 1, minimum: 2)) {
            try TerminalChart.render(series, width: 80, height: 1, unit: "kg")
        }
        #expect(throws: TerminalChartError.invalidFractionDigits(7)) {
            try TerminalChart.render(series, width: 80, height: 4, unit: "kg", fractionDigits: 7)
        }
        let error = try #require(throws: TerminalChartError.self) {
            try TerminalChart.render([TrendPoint(epochMilliseconds: 0, value: .nan)], width: 80, height: 4, unit: "")
        }
        guard case .nonFiniteValue(let value, at: 0) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(value.isNaN)
        #expect(
            TerminalChartError.tooNarrow(width: 31, minimum: 32).description
                == "width: 31 columns is too narrow for this chart (accepted: at least 32)"
        )
    }

    @Test(arguments: [
        (82.45, 1, "82.5"), (-0.05, 1, "-0.1"), (-0.04, 1, "0.0"), (168, 0, "168"), (0.125, 2, "0.13"),
        (5.6, 2, "5.60"), (1234.5, 0, "1235"), (0, 0, "0"),
    ])
    func fixedDecimals(_ value: Double, _ digits: Int, _ text: String) {
        #expect(FixedDecimal.format(value, digits: digits) == text)
    }
}
