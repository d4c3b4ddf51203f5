import Care
import CareEngine
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import TestSupport
import Testing

/// The fruit-and-vegetable goal on the store and engine (issue 9): logged fruit reaches it and is rewarded once;
/// a high potassium pauses its rewards.
struct FruitVegetableGoalEngineTests {
    /// Logs a food at a Berlin wall-clock time and evaluates the intake goals it touches, as `kidneyhub log` does.
    private func eat(_ food: String, _ amount: Double, _ unit: String, at local: String, _ scenario: GoalScenario)
        async throws
    {
        scenario.clock.advance(to: try GoalScenario.at(local))
        _ = try await scenario.store.logFood(
            food,
            amount: amount,
            unit: unit,
            meal: .snack,
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

    /// Records a serum potassium taken at a Berlin wall-clock time, then evaluates the goals it touches.
    private func potassium(_ value: Double, at local: String, _ scenario: GoalScenario) async throws {
        let taken = try RFC3339.parse(local + ":00+01:00")
        try await scenario.store.insertLabResults(
            [
                LabValue(
                    analyteID: "potassium",
                    value: value,
                    unit: "mmol/L",
                    originalValue: value,
                    originalUnit: "mmol/L",
                    takenAt: RFC3339Timestamp(epochMilliseconds: taken.epochMilliseconds, utcOffsetSeconds: 3600)
                )
            ],
            profileId: scenario.profile.id,
            source: .manual,
            createdAtMs: scenario.clock.now()
        )
        _ = try await scenario.engine.evaluateTouched(
            profileId: scenario.profile.id,
            kinds: [],
            labs: ["potassium"],
            at: scenario.clock.now()
        )
    }

    @Test func aDayOfLoggedFruitReachesTheGoalAndIsRewardedOnceUntilThePotassiumIsHigh() async throws {
        let scenario = try await GoalScenario.make()
        defer { scenario.directory.remove() }
        try await scenario.store.importFoodDatabase(try FruitVegetableFoods.database(), atMs: 1)
        try await potassium(4.4, at: "2026-11-10T08:00", scenario)
        let goal = try await scenario.addGoal(.fruitVegetableCups(2), .day)

        // A medium banana: 118 g / 150 g a cup = 0.79 cups; not yet.
        try await eat("Bananas, raw", 1, "medium", at: "2026-11-16T09:00", scenario)
        #expect(try await scenario.rewardKeys().isEmpty)
        // 30 g of raw spinach (1 cup, half a cup-equivalent) and a medium apple (182 g / 109 g = 1.67 cups): 2.96.
        try await eat("Spinach, raw", 1, "cup", at: "2026-11-16T12:30", scenario)
        #expect(try await scenario.rewardKeys().isEmpty)  // 1.29 cups
        try await eat("Apples, raw, with skin", 1, "medium", at: "2026-11-16T16:00", scenario)
        #expect(try await scenario.rewardKeys() == ["\(goal.id) day:2026-11-16 met"])
        let window = GoalPeriod.day.window(containing: try CalendarDate(parsing: "2026-11-16"))
        let progress = try await scenario.engine.progress(
            of: goal,
            in: window,
            context: try GoalContext(scenario.profile.profile),
            untilMs: scenario.clock.now() + 1
        )
        let expected = 118.0 / 150 + 30.0 / 30 / 2 + 182.0 / 109
        #expect(abs((progress.measure ?? 0) - expected) < 1e-9)
        #expect(progress.detail == "3.0 cups")

        // More fruit the same day, the day's end and a second evaluation add nothing.
        try await eat("Bananas, raw", 1, "medium", at: "2026-11-16T19:00", scenario)
        let tuesday = try GoalScenario.at("2026-11-17T00:05")
        scenario.clock.advance(to: tuesday)
        _ = try await scenario.engine.evaluate(at: tuesday)
        #expect(try await scenario.engine.evaluate(at: tuesday) == EvaluationReport())
        #expect(try await scenario.rewardKeys() == ["\(goal.id) day:2026-11-16 met"])

        // A potassium of 5.6 mmol/L pauses the goal: two apples on Tuesday earn nothing, now or at the day's end.
        try await potassium(5.6, at: "2026-11-17T08:00", scenario)
        try await eat("Apples, raw, with skin", 2, "medium", at: "2026-11-17T12:00", scenario)
        let wednesday = try GoalScenario.at("2026-11-18T00:05")
        scenario.clock.advance(to: wednesday)
        _ = try await scenario.engine.evaluate(at: wednesday)
        #expect(try await scenario.rewardKeys() == ["\(goal.id) day:2026-11-16 met"])

        // A normal result lets it be rewarded again.
        try await potassium(4.6, at: "2026-11-18T08:00", scenario)
        try await eat("Apples, raw, with skin", 2, "medium", at: "2026-11-18T12:00", scenario)
        #expect(
            try await scenario.rewardKeys() == ["\(goal.id) day:2026-11-16 met", "\(goal.id) day:2026-11-18 met"]
        )
    }

    @Test func cupsPerDayComeFromTheLogsFruitAndVegetableEntries() async throws {
        let scenario = try await GoalScenario.make()
        defer { scenario.directory.remove() }
        try await scenario.store.importFoodDatabase(try FruitVegetableFoods.database(), atMs: 1)
        try await eat("Bananas, raw", 150, "g", at: "2026-11-16T09:00", scenario)
        try await eat("Apples, raw, with skin", 109, "g", at: "2026-11-16T23:30", scenario)
        try await eat("Spinach, raw", 2, "cup", at: "2026-11-17T00:30", scenario)
        _ = try await scenario.store.logFluid(
            amount: 250,
            unit: "mL",
            what: "water",
            takenAt: try RFC3339.parse("2026-11-17T01:00:00+01:00"),
            profile: scenario.profile,
            atMs: scenario.clock.now()
        )
        let cups = try await scenario.store.fruitVegetableCups(
            profileId: scenario.profile.id,
            from: try CalendarDate(parsing: "2026-11-15"),
            through: try CalendarDate(parsing: "2026-11-17")
        )
        // Local Berlin days: 1 + 1 cups on Monday; 2 raw cups of spinach = 1 on Tuesday; nothing on Sunday.
        #expect(cups == [try CalendarDate(parsing: "2026-11-16"): 2, try CalendarDate(parsing: "2026-11-17"): 1])
    }
}
