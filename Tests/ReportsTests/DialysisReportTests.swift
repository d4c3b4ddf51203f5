import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import SampleData
import TestSupport
import Testing

@testable import Charts
@testable import Reports

/// The report as a dialysis unit reads it (issue 17, item 9): gains against the 4 % line, targets on every axis, the
/// year on the axis, shapes that tell legend entries apart, minima counted as such, goals reached or not, and no
/// empty frames.
@Suite struct DialysisReportTests {
    /// The 90-day sample patient's report data.
    static func sampleData() async throws -> (Fixture, ReportData) {
        let fixture = try await Fixture.make(days: 90)
        return (fixture, try await fixture.reportData())
    }

    static func charts(_ blocks: [ReportBlock]) -> [ChartSpec] {
        blocks.compactMap { block -> ChartSpec? in
            if case .chart(let spec, _) = block { return spec }
            return nil
        }
    }

    static func lines(_ blocks: [ReportBlock]) -> [String] {
        blocks.flatMap { block -> [String] in
            if case .lines(let lines) = block { return lines }
            return []
        }
    }

    @Test func gainsAreDrawnInPercentOfDryWeightAgainstTheFourPercentLineAndSessionsOverItAreListed() async throws {
        let (fixture, sample) = try await Self.sampleData()
        defer { fixture.remove() }
        var data = sample
        #expect(data.profile.dryWeightKilograms != nil)
        // Make one session's gain 4.5 % of the dry weight, as the scenario's flagged session.
        let dry = try #require(data.profile.dryWeightKilograms)
        var gain = try #require(data.gains.first)
        gain.preWeight.kilograms = gain.previousPostWeight.kilograms + dry * 0.045
        data.gains[0] = gain

        let blocks = ReportComposer.blocks(for: data)
        let chart = try #require(Self.charts(blocks).first { $0.title.contains("% of dry weight") })
        #expect(chart.yUnit == "%")
        #expect(chart.references == [ChartReference(label: "4 % of dry weight", low: 4, high: 4)])
        let drawn = chart.series.flatMap(\.points).map(\.y).sorted()
        let expected = data.gains.compactMap(\.percentOfDryWeight).sorted()
        #expect(drawn.count == expected.count)
        for (a, b) in zip(drawn, expected) { #expect(abs(a - b) < 1e-9) }
        let over = try #require(chart.series.first { $0.label == "at or over 4 %" })
        #expect(over.color == .red)
        #expect(over.points.contains { abs($0.y - 4.5) < 1e-9 })
        let listed = try #require(Self.lines(blocks).first { $0.hasPrefix("Sessions at or over 4 % of dry weight:") })
        #expect(listed.contains("\(gain.session.date) (4.5 %"))
    }

    @Test func withoutADryWeightGainsStayInKilogramsAndTheReportSaysWhy() async throws {
        let (fixture, sample) = try await Self.sampleData()
        defer { fixture.remove() }
        var data = sample
        data.profile.dryWeightKilograms = nil
        for index in data.gains.indices { data.gains[index].dryWeightKilograms = nil }
        let blocks = ReportComposer.blocks(for: data)
        #expect(Self.charts(blocks).contains { $0.title == "Interdialytic weight gain (kg per session)" })
        #expect(Self.lines(blocks).contains { $0.hasPrefix("Set a dry weight") })
    }

    @Test func emptyChartsAreLeftOutWithALineSayingSo() async throws {
        let (fixture, sample) = try await Self.sampleData()
        defer { fixture.remove() }
        var data = sample
        data.bloodPressure = []
        data.glucose = []
        data.intake = data.intake.map { ($0.date, DailyIntake([])) }
        let blocks = ReportComposer.blocks(for: data)
        let titles = Self.charts(blocks).map(\.title)
        #expect(!titles.contains { $0.contains("blood pressure") })
        #expect(!titles.contains("Blood glucose (mg/dL)"))
        #expect(!titles.contains { $0.hasSuffix("per day (mg)") })
        let lines = Self.lines(blocks)
        #expect(lines.contains("No blood pressure readings in the period."))
        #expect(lines.contains("No glucose readings in the period."))
        #expect(lines.contains("No food or fluid logged in the period."))
        #expect(Self.charts(blocks).allSatisfy { !$0.isEmpty })
    }

    @Test func bloodPressureIsSplitByDialysisPhaseSoPostDialysisReadingsDoNotLowerThePreDialysisMean() async throws {
        let (fixture, sample) = try await Self.sampleData()
        defer { fixture.remove() }
        var data = sample
        #expect(data.profile.diseaseCategory?.isDialysis == true)
        let day = Double(data.period.startMs) + 86_400_000
        data.bloodPressure = [
            .init(atMs: Int64(day), systolic: 160, diastolic: 92, pulse: nil, phase: .pre),
            .init(atMs: Int64(day + 3_600_000), systolic: 152, diastolic: 88, pulse: nil, phase: .pre),
            .init(atMs: Int64(day + 18_000_000), systolic: 118, diastolic: 70, pulse: nil, phase: .post),
        ]
        let blocks = ReportComposer.blocks(for: data)
        let charts = Self.charts(blocks)
        let pre = try #require(charts.first { $0.title == "Pre-dialysis blood pressure (mmHg)" })
        let post = try #require(charts.first { $0.title == "Post-dialysis blood pressure (mmHg)" })
        #expect(pre.series.first { $0.label == "systolic" }?.points.map(\.y) == [160, 152])
        #expect(post.series.first { $0.label == "systolic" }?.points.map(\.y) == [118])
        #expect(!charts.contains { $0.title.hasPrefix("Between sessions") }, "no empty third chart")
        let lines = Self.lines(blocks)
        #expect(lines.contains("Pre-dialysis: 2 readings, mean 156/90 mmHg."))
        #expect(lines.contains("Post-dialysis: 1 reading, mean 118/70 mmHg."))
    }

    @Test func minimaCountDaysBelowAndRangesCountBothWays() {
        let protein = DailyLimit(
            subject: .protein,
            minimum: 72,
            maximum: 110,
            basis: "1.0–1.2 g/kg",
            source: "KDOQI 2020"
        )
        let totals = [50.0, 80, 120, 71].map { NutrientTotal(value: $0, unknownParts: 0, parts: 1) }
        #expect(ReportComposer.daysOutside(protein, totals) == "2 below, 1 over of 4")
        let potassium = DailyLimit(subject: .potassium, minimum: nil, maximum: 2000, basis: "", source: "")
        #expect(ReportComposer.daysOutside(potassium, totals) == "0 over of 4")
        #expect(ReportComposer.daysOutside(potassium, []) == "–")
    }

    @Test func goalsSayWhetherTheyWereReachedInThePeriod() async throws {
        let (fixture, sample) = try await Self.sampleData()
        defer { fixture.remove() }
        var data = sample
        let goal = try #require(data.goals.first)
        data.rewards = [
            .init(
                goalId: goal.id,
                achievement: "met",
                goalName: "x",
                periodKey: "week:2026-10-05",
                badge: "",
                points: 1,
                earnedAtMs: 0
            ),
            .init(
                goalId: goal.id,
                achievement: "streak-7",
                goalName: "x",
                periodKey: "week:2026-10-05",
                badge: "",
                points: 1,
                earnedAtMs: 0
            ),
            .init(
                goalId: goal.id,
                achievement: "met",
                goalName: "x",
                periodKey: "week:2026-10-12",
                badge: "",
                points: 1,
                earnedAtMs: 0
            ),
        ]
        #expect(ReportComposer.reached(goal, data) == "reached 2 times")
        data.rewards = []
        #expect(ReportComposer.reached(goal, data) == "not reached")
    }

    @Test func anOpenTargetBandGetsRoomOnTheAxisSoItIsDrawn() throws {
        // Albumin 3.6 g/dL against a target of at least 4.0: the axis must reach beyond 4.0.
        let spec = ChartSpec(
            title: "Albumin (g/dL)",
            yUnit: "g/dL",
            series: [ChartSeries(label: "Albumin", points: [ChartPoint(x: 0, y: 3.6)], color: .purple)],
            references: [ChartReference(label: "target", low: 4.0, high: nil)]
        )
        let extent = try #require(ChartLayout.yExtent(of: spec))
        #expect(extent.lowerBound <= 3.6)
        #expect(extent.upperBound > 4.0)
    }

    @Test func legendEntriesAreDrawnInTheirOwnShapes() {
        let spec = ChartSpec(
            title: "Protein per day (g)",
            yUnit: "g",
            series: [
                ChartSeries(label: "protein", points: [], color: .blue, style: .bars),
                ChartSeries(label: "systolic", points: [], color: .red),
                ChartSeries(label: "glucose", points: [], color: .green, style: .markers),
            ],
            references: [
                ChartReference(label: "limit", low: 110, high: 110),
                ChartReference(label: "minimum", low: 72, high: 72, lineColor: .orange),
                ChartReference(label: "target", low: 3.5, high: 5),
            ]
        )
        let swatches = ChartLayout.legendEntries(spec).map(\.swatch)
        #expect(
            swatches == [
                .bars(.blue), .line(.red), .markers(.green), .limitLine(.red), .limitLine(.orange),
                .band(.paleGreen),
            ]
        )
    }

    @Test func theAxisNamesTheYearOnItsFirstTickAndWhereTheYearChanges() {
        let start = 1_798_156_800_000.0  // 2026-12-25T00:00Z
        let ticks = TimeTicks.ticks(domain: start...(start + 13 * 86_400_000), utcOffsetSeconds: 0, count: 14)
        #expect(ticks.first?.label == "2026-12-25")
        #expect(ticks.map(\.label).contains("2027-01-01"))
        #expect(ticks.map(\.label).contains("12-26"))
    }
}
