import Charts
import Clinical
import Foundation
import TestSupport
import Testing

@Suite struct ChartLayoutTests {
    @Test func niceStepsAreOneTwoOrFiveTimesAPowerOfTen() {
        #expect(LinearScale.niceStep(span: 37, count: 4) == 10)
        #expect(LinearScale.niceStep(span: 7, count: 4) == 2)
        #expect(LinearScale.niceStep(span: 0.9, count: 4) == 0.5)  // 0.225 rounds up to 0.5
        #expect(LinearScale.niceStep(span: 1800, count: 4) == 500)
    }

    @Test func niceDomainStartsAndEndsOnTicks() {
        let domain = LinearScale.niceDomain(71.3...84.9, count: 4)
        #expect(domain == 70...85)
        let scale = LinearScale(domain: domain, from: 100, to: 0)
        #expect(scale.ticks(count: 4) == [70, 75, 80, 85])
        #expect(scale.position(70) == 100)
        #expect(scale.position(85) == 0)
    }

    @Test func aSingleValueStillGetsADrawableDomain() {
        let scale = LinearScale(domain: 5...5, from: 0, to: 10)
        #expect(scale.domain.lowerBound < 5 && scale.domain.upperBound > 5)
        #expect(scale.position(5) == 5)
    }

    @Test func formatPrintsFixedDecimalsWithoutLocale() {
        #expect(ChartLayout.format(4.25, decimals: 1) == "4.3")
        #expect(ChartLayout.format(-0.04, decimals: 1) == "0.0")
        #expect(ChartLayout.format(-2.5, decimals: 2) == "-2.50")
        #expect(ChartLayout.format(1200, decimals: 0) == "1200")
    }

    @Test func formatWithAtMostSoManyDecimalsDropsTrailingZeros() {
        #expect(FixedDecimal.format(82.40, maximumDigits: 2) == "82.4")
        #expect(FixedDecimal.format(82.004, maximumDigits: 2) == "82")
        #expect(FixedDecimal.format(-0.051, maximumDigits: 2) == "-0.05")
        #expect(FixedDecimal.format(-0.001, maximumDigits: 2) == "0")
        #expect(FixedDecimal.format(120, maximumDigits: 0) == "120")
    }

    @Test func appendingBytesWritesWhatFormatWrites() {
        // Seeded draws over the ranges a chart writes (coordinates, negative offsets) and the edge cases.
        var random = SplitMix64(seed: 7)
        let drawn = (0..<2000).map { _ in Double(random.next() % 2_000_000) / 997 - 1000 }
        for value in drawn + [0, -0.0, -0.001, 0.005, 99.995, 1e20, -1e20, .nan, .infinity] {
            var bytes: [UInt8] = Array("x=".utf8)
            FixedDecimal.append(value, maximumDigits: 2, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "x=" + FixedDecimal.format(value, maximumDigits: 2))
        }
    }

    @Test func timeTicksFallOnLocalMidnights() {
        // 2026-11-01T00:00Z to 2026-11-08T00:00Z, profile at UTC+1: ticks at 23:00Z, labelled with the local date.
        let start = 1_793_491_200_000.0
        let ticks = TimeTicks.ticks(domain: start...(start + 7 * 86_400_000), utcOffsetSeconds: 3600, count: 10)
        #expect(ticks.count == 7)
        #expect(ticks.first?.x == start + 86_400_000 - 3_600_000)
        #expect(ticks.first?.label == "2026-11-02")  // the first tick carries the year
        #expect(ticks.dropFirst().first?.label == "11-03")
    }

    @Test func longPeriodsGetMonthTicks() {
        let start = 1_767_225_600_000.0  // 2026-01-01T00:00Z
        let ticks = TimeTicks.ticks(domain: start...(start + 364 * 86_400_000), utcOffsetSeconds: 0, count: 8)
        #expect(ticks.map(\.label).first == "2026-01")
        #expect(ticks.count <= 8 && ticks.count >= 4)
    }

    @Test func chartDrawsSeriesInsideThePlotAreaAndLimitsAsDashedLines() {
        let spec = ChartSpec(
            title: "Potassium per day (mg)",
            yUnit: "mg",
            series: [
                ChartSeries(
                    label: "potassium",
                    points: [ChartPoint(x: 0, y: 1500), ChartPoint(x: 86_400_000, y: 2500)],
                    color: .blue,
                    style: .bars
                )
            ],
            references: [ChartReference(label: "limit", low: 2000, high: 2000)],
            yIncludesZero: true
        )
        let frame = ChartFrame(x: 0, y: 0, width: 400, height: 120)
        let plot = ChartLayout.plotArea(in: frame)
        let commands = ChartLayout.commands(for: spec, in: frame)
        let bars = commands.compactMap { command -> (Double, Double)? in
            // Legend swatches are 6 × 6; bars are the other blue rectangles.
            if case let .fillRect(_, y, width, height, color) = command, color == .blue, width != 6 || height != 6 {
                return (y, height)
            }
            return nil
        }
        #expect(bars.count == 2)
        for (y, height) in bars {
            #expect(y >= plot.y - 0.001 && y + height <= plot.y + plot.height + 0.001)
        }
        #expect(bars[1].1 > bars[0].1)  // 2500 is taller than 1500
        // The limit across the plot (the legend's dashed swatch is the other dashed line).
        let dashed = commands.filter {
            if case .polyline(let points, _, _, true) = $0 { return points.first?.0 == plot.x } else { return false }
        }
        #expect(dashed.count == 1)
        #expect(
            commands.contains(
                .text("mg", x: plot.x - 3, y: plot.y - 13, size: 7, color: .grey, alignment: .right, bold: false)
            )
        )
    }

    @Test func anEmptyChartSaysSo() {
        let spec = ChartSpec(title: "Blood glucose (mg/dL)", yUnit: "mg/dL", series: [])
        let commands = ChartLayout.commands(for: spec, in: ChartFrame(x: 0, y: 0, width: 300, height: 100))
        #expect(
            commands.contains { if case .text("no data in this period", _, _, _, _, _, _) = $0 { true } else { false } }
        )
    }
}

@Suite struct ChartColorTextTests {
    /// `String(format: "%02x")` per channel is the reference the hand-written hex digits must agree with.
    @Test(arguments: [
        ChartColor(red: 0, green: 0, blue: 0), ChartColor(red: 1, green: 1, blue: 1), .grey, .lightGrey,
        ChartColor(red: 0.5, green: 0.062, blue: 0.999), ChartColor(red: -0.2, green: 1.3, blue: 0.0019),
    ])
    func hexAsPrintfWritesIt(_ color: ChartColor) {
        let part = { (value: Double) in String(format: "%02x", Int((min(max(value, 0), 1) * 255).rounded())) }
        #expect(ChartSVG.css(color) == "#" + part(color.red) + part(color.green) + part(color.blue))
    }
}
