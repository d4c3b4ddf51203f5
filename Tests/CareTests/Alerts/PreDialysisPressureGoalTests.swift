import Care
import Clinical
import Foundation
import HubCore
import Testing

/// On hemodialysis the blood-pressure goal is a pre-dialysis one: post-dialysis, intradialytic, interdialytic and
/// untagged readings are left out of its mean (the week the issue found: pre mean 156/90, all readings 143/83).
@Suite struct PreDialysisPressureGoalTests {
    private static func ms(_ text: String) throws -> Int64 { try RFC3339.parse(text).epochMilliseconds }

    private static func week() throws -> GoalData {
        GoalData(pressures: [
            .init(atMs: try ms("2026-11-17T07:30:00+01:00"), systolic: 160, diastolic: 92, phase: .pre),
            .init(atMs: try ms("2026-11-17T13:00:00+01:00"), systolic: 128, diastolic: 74, phase: .post),
            .init(atMs: try ms("2026-11-19T07:30:00+01:00"), systolic: 152, diastolic: 88, phase: .pre),
            .init(atMs: try ms("2026-11-19T13:00:00+01:00"), systolic: 132, diastolic: 78, phase: .post),
            .init(atMs: try ms("2026-11-20T10:00:00+01:00"), systolic: 140, diastolic: 85, phase: .noDialysis),
            .init(atMs: try ms("2026-11-21T10:00:00+01:00"), systolic: 110, diastolic: 60, phase: nil),
        ])
    }

    @Test func hemodialysisAveragesOnlyThePreDialysisReadings() throws {
        let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let window = GoalPeriod.week.window(containing: try CalendarDate(parsing: "2026-11-18"))
        let goal = GoalKind.bloodPressureBelow(systolic: 140, diastolic: 90)
        let dialysis = GoalAssessor.progress(
            of: goal,
            in: window,
            data: try Self.week(),
            context: GoalContext(timeZone: zone, diseaseCategory: .hemodialysis)
        )
        #expect(dialysis.detail == "pre-dialysis mean 156/90 mmHg over 2 readings")
        #expect(dialysis.met == false && dialysis.measure == 156)
        // Not on dialysis: every reading counts.
        let ckd = GoalAssessor.progress(
            of: goal,
            in: window,
            data: try Self.week(),
            context: GoalContext(timeZone: zone, diseaseCategory: .ckdG4)
        )
        #expect(ckd.detail == "mean 137/80 mmHg over 6 readings")
    }
}
