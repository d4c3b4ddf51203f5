import Testing

@testable import Clinical
@testable import HubCore

/// The eGFR slope as reported to the user: the slope, KDIGO's rapid-progression flag, or "not enough data".
struct EGFRSlopeAssessmentTests {
    static let start: Int64 = 1_767_225_600_000  // 2026-01-01T00:00:00Z
    static let day: Int64 = 86_400_000

    private func points(_ pairs: [(Int64, Double)]) -> [TrendPoint] {
        pairs.map { TrendPoint(epochMilliseconds: Self.start + $0.0 * Self.day, value: $0.1) }
    }

    @Test func steepDeclineIsFlagged() {
        // 60 → 45 over 365.25 days is −15 per year on a straight line; given out of order.
        let assessment = EGFRSlopeAssessment.assess(points([(365, 45.0103), (0, 60), (180, 52.6078)]))
        let perYear = assessment.perYear ?? 0
        #expect(perYear < -14.9 && perYear > -15.1, "\(perYear)")
        #expect(assessment.rapidProgression)
        #expect(assessment.readingCount == 3 && assessment.spanDays == 365)
        #expect(assessment.message.hasPrefix("-15.0 mL/min/1.73 m² per year over 3 values in 365 days: "))
        #expect(assessment.message.hasSuffix(EGFRSlopeAssessment.rapidProgressionMessage))
        #expect(assessment.message.contains("KDIGO 2012 Rec 2.1.3") && assessment.message.contains("care team"))
    }

    @Test func stableSeriesIsNotFlagged() {
        let assessment = EGFRSlopeAssessment.assess(points([(0, 52), (120, 53), (240, 51), (360, 52)]))
        #expect(!assessment.rapidProgression)
        #expect(abs(assessment.perYear ?? 99) < 2)
        #expect(assessment.message.contains("not faster than KDIGO's rapid-progression threshold"))
    }

    @Test func exactlyFivePerYearIsNotRapid() {
        let assessment = EGFRSlopeAssessment.assess(points([(0, 60), (365, 60 - 5 * 365 / 365.25)]))
        #expect(!assessment.rapidProgression)
    }

    @Test(arguments: [[(Int64, Double)](), [(0, 50)], [(0, 50), (89, 40)]])
    func tooFewOrTooCloseGivesNotEnoughData(_ pairs: [(Int64, Double)]) {
        let assessment = EGFRSlopeAssessment.assess(points(pairs))
        #expect(assessment.perYear == nil && !assessment.rapidProgression)
        #expect(assessment.message == "not enough data (needs 2 values over at least 90 days)")
        #expect(assessment.readingCount == pairs.count)
    }

    @Test func invalidValueNamesTheField() {
        let assessment = EGFRSlopeAssessment.assess(points([(0, 50), (100, -1)]))
        #expect(assessment.perYear == nil)
        #expect(assessment.message.hasPrefix("no slope: egfr:"), "\(assessment.message)")
    }
}
