import Care
import CareEngine
import Foundation
import HubCore
import HubRecords
import HubStore
import TestSupport
import Testing

/// Intake goals on the nutrition log's daily totals (issue 9 with issue 8): a week of drinks and readings earns
/// exactly the expected rewards, once.
struct IntakeGoalTests {
    /// Logs a drink at a Berlin wall-clock time and evaluates the intake goals it touches, as `kidneyhub log` does.
    private func drink(_ milliliters: Double, at local: String, _ scenario: GoalScenario) async throws {
        scenario.clock.advance(to: try GoalScenario.at(local))
        _ = try await scenario.store.logFluid(
            amount: milliliters,
            unit: "mL",
            what: "water",
            takenAt: try RFC3339.parse(local + ":00+01:00"),
            profile: scenario.profile,
            atMs: scenario.clock.now()
        )
        _ = try await scenario.engine.evaluateTouched(
            profileId: scenario.profile.id,
            kinds: [],
            labs: [],
            intake: true,
            at: scenario.clock.now()
        )
    }

    @Test func aWeekOfDrinksAndReadingsEarnsExactlyTheExpectedRewards() async throws {
        let scenario = try await GoalScenario.make()
        defer { scenario.directory.remove() }
        // Ana is anuric on hemodialysis: her fluid limit is 1,000 mL a day (nutrition's DailyLimits).
        let limits = try await scenario.store.dailyLimits(for: scenario.profile)
        let template = try #require(GoalTemplates.intakeTemplates(from: limits).first { $0.id == "intake-fluid" })
        #expect(template.kind == .intakeWithin(subject: .fluid, minimum: nil, maximum: 1000))
        #expect(!GoalTemplates.intakeTemplates(from: limits).contains { $0.id == "drink-water" })
        let fluid = try await scenario.addGoal(template.kind, template.period)
        let pressure = try await scenario.addGoal(.bloodPressureBelow(systolic: 140, diastolic: 90), .week)

        let drinks: [(String, [Double])] = [
            ("16", [300, 400]), ("17", [600, 700]), ("18", [250, 250, 250]), ("19", [900]), ("20", [500, 600]),
            ("21", [400]), ("22", []),
        ]
        for (day, amounts) in drinks {
            try await scenario.ingest(systolic: 130, diastolic: 80, at: "2026-11-\(day)T07:40")
            for (index, amount) in amounts.enumerated() {
                try await drink(amount, at: "2026-11-\(day)T\(10 + index * 3):00", scenario)
            }
        }
        // A limit is judged when the day ends: nothing yet.
        #expect(try await scenario.rewardKeys().isEmpty)
        let monday = try GoalScenario.at("2026-11-23T00:05")
        scenario.clock.advance(to: monday)
        _ = try await scenario.engine.evaluate(at: monday)
        // Within 1,000 mL on Mon (700), Wed (750), Thu (900), Sat (400); over on Tue (1,300) and Fri (1,100); nothing
        // logged on Sunday, which is not a day within the limit.
        let expected = [
            "\(fluid.id) day:2026-11-16 met", "\(fluid.id) day:2026-11-18 met", "\(fluid.id) day:2026-11-19 met",
            "\(fluid.id) day:2026-11-21 met", "\(pressure.id) week:2026-11-16 met",
        ].sorted()
        #expect(try await scenario.rewardKeys() == expected)
        #expect(try await scenario.engine.evaluate(at: monday) == EvaluationReport())
        #expect(try await scenario.rewardKeys() == expected)
    }

    @Test func aDrinkingGoalIsMetAsSoonAsTheDaysFluidReachesIt() async throws {
        let scenario = try await GoalScenario.make()
        defer { scenario.directory.remove() }
        let water = try await scenario.addGoal(.drinkWater(milliliters: 1500), .day)
        try await drink(800, at: "2026-11-16T09:00", scenario)
        #expect(try await scenario.rewardKeys().isEmpty)
        #expect(try await scenario.store.notifications(profileId: scenario.profile.id).first?.type == .progress)
        try await drink(800, at: "2026-11-16T13:00", scenario)
        #expect(try await scenario.rewardKeys() == ["\(water.id) day:2026-11-16 met"])
        try await drink(500, at: "2026-11-16T18:00", scenario)
        _ = try await scenario.engine.evaluate(at: try GoalScenario.at("2026-11-17T00:05"))
        #expect(try await scenario.rewardKeys() == ["\(water.id) day:2026-11-16 met"])
    }
}
