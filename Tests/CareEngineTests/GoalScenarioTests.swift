import Care
import CareEngine
import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords
import HubStore
import TestSupport
import Testing

/// Scenario tests with a controllable clock (issue 9 acceptance): a simulated week of readings produces exactly the
/// expected rewards; evaluating twice changes nothing; a goal edited after its reward and reached again issues
/// nothing new; downtime across period boundaries catches up exactly once.
struct GoalScenarioTests {
    /// One week of Ana's readings, Mon 2026-11-16 to Sun 2026-11-22, as her band sends them.
    private func simulateWeek(_ scenario: GoalScenario) async throws {
        let steps: [(String, Double)] = [
            ("16", 6000), ("17", 4000), ("18", 7000), ("19", 5000), ("20", 8000), ("21", 3000), ("22", 5500),
        ]
        let pressures: [(String, Double, Double)] = [
            ("16", 132, 82), ("17", 128, 80), ("18", 135, 85), ("19", 130, 84), ("20", 138, 88), ("21", 126, 78),
            ("22", 129, 79),
        ]
        // Dialysis Mon/Wed/Fri: gains 72.5 − 70.1 = 2.4 kg (3.4 %) and 72.9 − 70.2 = 2.7 kg (3.9 %) of 70 kg.
        let weights: [String: [(Double, String, String)]] = [
            "16": [(72.0, "pre", "07:30"), (70.1, "post", "12:30")],
            "18": [(72.5, "pre", "07:30"), (70.2, "post", "12:30")],
            "20": [(72.9, "pre", "07:30"), (70.0, "post", "12:30")],
        ]
        for index in 0..<7 {
            let day = steps[index].0
            for (kg, phase, time) in weights[day, default: []] where time < "07:40" {
                try await scenario.ingest(kilograms: kg, phase: phase, at: "2026-11-\(day)T\(time)")
            }
            let (_, systolic, diastolic) = pressures[index]
            try await scenario.ingest(systolic: systolic, diastolic: diastolic, at: "2026-11-\(day)T07:40")
            for (kg, phase, time) in weights[day, default: []] where time > "07:40" {
                try await scenario.ingest(kilograms: kg, phase: phase, at: "2026-11-\(day)T\(time)")
            }
            try await scenario.ingest(steps: steps[index].1, at: "2026-11-\(day)T20:00")
        }
    }

    @Test func aSimulatedWeekEarnsExactlyTheExpectedRewardsOnce() async throws {
        let scenario = try await GoalScenario.make()
        defer { scenario.directory.remove() }
        let pressure = try await scenario.addGoal(.bloodPressureBelow(systolic: 140, diastolic: 90), .week)
        let steps = try await scenario.addGoal(.stepsPerDay(5000), .day)
        let gain = try await scenario.addGoal(.interdialyticGainBelow(percentOfDryWeight: 4), .week)
        let weight = try await scenario.addGoal(.weightRange(lowKilograms: 69.5, highKilograms: 70.5), .week)

        try await simulateWeek(scenario)
        // Steps are rewarded as soon as a day's total reaches the target, before the day ends.
        #expect(
            try await scenario.rewardKeys() == [
                "\(steps.id) day:2026-11-16 met", "\(steps.id) day:2026-11-18 met", "\(steps.id) day:2026-11-19 met",
                "\(steps.id) day:2026-11-20 met", "\(steps.id) day:2026-11-22 met",
            ]
        )

        // Just after Sunday's end the week is judged.
        let mondayMidnight = try GoalScenario.at("2026-11-23T00:05")
        scenario.clock.advance(to: mondayMidnight)
        let report = try await scenario.engine.evaluate(at: mondayMidnight)
        #expect(report.closedDays == 8)  // Sun 15 (the day the goals were set) to Sun 22
        let expected = [
            "\(pressure.id) week:2026-11-16 met", "\(gain.id) week:2026-11-16 met", "\(weight.id) week:2026-11-16 met",
            "\(steps.id) day:2026-11-16 met", "\(steps.id) day:2026-11-18 met", "\(steps.id) day:2026-11-19 met",
            "\(steps.id) day:2026-11-20 met", "\(steps.id) day:2026-11-22 met",
        ].sorted()
        #expect(try await scenario.rewardKeys() == expected)
        let rewards = try await scenario.store.rewards(profileId: scenario.profile.id)
        // 30 (week) + 60 (interdialytic gain counts double on hemodialysis) + 30 + 5 × 10 (days).
        #expect(rewards.map(\.points).reduce(0, +) == 170)
        #expect(rewards.first { $0.goalId == gain.id }?.badge == "Steady between sessions")
        #expect(rewards.first { $0.goalId == weight.id }?.badge == "On dry weight")
        // A notification per reward, and one "half-way" for each of Tuesday (4000) and Saturday (3000).
        let feed = try await scenario.store.notifications(profileId: scenario.profile.id, limit: 100)
        #expect(feed.filter { $0.type == .reward }.count == 8)
        #expect(feed.filter { $0.type == .progress }.count == 2)

        // Evaluating again, now or later the same day, changes nothing.
        let again = try await scenario.engine.evaluate(at: mondayMidnight)
        #expect(again == EvaluationReport())
        #expect(try await scenario.engine.evaluate(at: try GoalScenario.at("2026-11-23T08:00")) == EvaluationReport())
        #expect(try await scenario.rewardKeys() == expected)
        #expect(try await scenario.notificationCount() == 10)
    }

    @Test func aGoalEditedAfterItsRewardAndReachedAgainIssuesNothingNew() async throws {
        let scenario = try await GoalScenario.make()
        defer { scenario.directory.remove() }
        let steps = try await scenario.addGoal(.stepsPerDay(5000), .day)
        let pressure = try await scenario.addGoal(.bloodPressureBelow(systolic: 140, diastolic: 90), .week)

        try await scenario.ingest(steps: 6000, at: "2026-11-16T18:00")
        for day in 16...20 { try await scenario.ingest(systolic: 130, diastolic: 80, at: "2026-11-\(day)T07:40") }
        _ = try await scenario.engine.evaluate(at: try GoalScenario.at("2026-11-23T00:05"))
        let before = try await scenario.rewardKeys()
        #expect(before == ["\(pressure.id) week:2026-11-16 met", "\(steps.id) day:2026-11-16 met"].sorted())
        let feedBefore = try await scenario.notificationCount()

        // Monday the 23rd: the day's steps goal is met, then raised to 7000, then met again.
        try await scenario.ingest(steps: 6000, at: "2026-11-23T18:00")
        #expect(try await scenario.rewardKeys().count == 3)
        try await scenario.store.editGoal(
            id: steps.id,
            profileId: scenario.profile.id,
            kind: .stepsPerDay(7000),
            period: .day,
            atMs: scenario.clock.now()
        )
        try await scenario.ingest(steps: 1500, at: "2026-11-23T18:30")
        // The blood-pressure goal edited after its weekly reward, still met by the same week.
        try await scenario.store.editGoal(
            id: pressure.id,
            profileId: scenario.profile.id,
            kind: .bloodPressureBelow(systolic: 135, diastolic: 85),
            period: .week,
            atMs: scenario.clock.now()
        )
        let report = try await scenario.engine.evaluate(at: try GoalScenario.at("2026-11-24T00:05"))
        #expect(report.rewards.isEmpty)
        #expect(try await scenario.rewardKeys() == (before + ["\(steps.id) day:2026-11-23 met"]).sorted())
        #expect(try await scenario.notificationCount() == feedBefore + 1)
    }

    @Test func downtimeAcrossAWeekAndAMonthEndCatchesUpExactlyOnce() async throws {
        let scenario = try await GoalScenario.make()
        defer { scenario.directory.remove() }
        let pressure = try await scenario.addGoal(.bloodPressureBelow(systolic: 140, diastolic: 90), .week)
        let weight = try await scenario.addGoal(.weightRange(lowKilograms: 69.5, highKilograms: 70.5), .month)
        /// A scheduler as `kidneyhub serve` starts it (a new engine, as after a restart), and its passes' reports.
        func startScheduler() -> (Task<Void, Never>, AsyncStream<EvaluationReport>.Iterator) {
            let (passes, continuation) = AsyncStream.makeStream(of: EvaluationReport.self)
            let scheduler = GoalScheduler(
                engine: GoalEngine(store: scenario.store),
                dispatcher: nil,
                clock: scenario.clock,
                onPass: { continuation.yield($0) }
            )
            return (Task { await scheduler.run() }, passes.makeAsyncIterator())
        }

        // The hub runs through Friday the 27th; the readings of that week arrive and the days up to Thursday close.
        for day in 23...27 { try await scenario.ingest(systolic: 131, diastolic: 81, at: "2026-11-\(day)T07:40") }
        try await scenario.ingest(kilograms: 70.2, phase: "post", at: "2026-11-27T12:30")
        let friday = try GoalScenario.at("2026-11-27T18:00")
        scenario.clock.advance(to: friday)
        #expect(try await scenario.engine.evaluate(at: friday).closedDays == 12)  // Sun 15 to Thu 26
        #expect(try await scenario.rewardKeys().isEmpty)

        // Off all weekend and over the month's end; back on Tuesday, December 1st.
        scenario.clock.advance(to: try GoalScenario.at("2026-12-01T09:00"))
        let (restarted, firstPasses) = startScheduler()
        var reports = firstPasses
        let catchUp = try #require(await reports.next())
        #expect(catchUp.closedDays == 4)  // Fri 27 to Mon 30
        #expect(
            try await scenario.rewardKeys()
                == [
                    "\(pressure.id) week:2026-11-23 met", "\(weight.id) month:2026-11 met",
                ].sorted()
        )
        // The next tick, and a second restart, find nothing more to do.
        scenario.clock.advance(to: try GoalScenario.at("2026-12-01T09:01"))
        #expect(try #require(await reports.next()) == EvaluationReport())
        restarted.cancel()
        let (secondRestart, secondPasses) = startScheduler()
        var secondReports = secondPasses
        #expect(try #require(await secondReports.next()) == EvaluationReport())
        secondRestart.cancel()
        #expect(
            try await scenario.store.lastClosedDay(profileId: scenario.profile.id)
                == CalendarDate(parsing: "2026-11-30")
        )
        #expect(try await scenario.rewardKeys().count == 2)
    }

    @Test func rewardsStayWhenTheirDataIsDeletedAndAreNotIssuedAgainWhenItReturns() async throws {
        let scenario = try await GoalScenario.make()
        defer { scenario.directory.remove() }
        let pressure = try await scenario.addGoal(.bloodPressureBelow(systolic: 140, diastolic: 90), .week)
        for day in 16...20 { try await scenario.ingest(systolic: 130, diastolic: 80, at: "2026-11-\(day)T07:40") }
        _ = try await scenario.engine.evaluate(at: try GoalScenario.at("2026-11-23T00:05"))
        #expect(try await scenario.rewardKeys() == ["\(pressure.id) week:2026-11-16 met"])

        // The readings are deleted (a mistaken device, say): the reward stays, as documented.
        try await scenario.store.pool.write { db in
            try db.execute(
                sql: """
                    DELETE FROM measurementOwner WHERE measurementId IN (SELECT id FROM measurement WHERE kind = 'blood_pressure');
                    DELETE FROM bloodPressurePhase;
                    DELETE FROM measurement WHERE kind = 'blood_pressure';
                    DELETE FROM goalEvaluation;
                    """
            )
        }
        _ = try await scenario.engine.evaluate(at: try GoalScenario.at("2026-11-23T00:10"))
        #expect(try await scenario.rewardKeys() == ["\(pressure.id) week:2026-11-16 met"])
        // Entered again and re-evaluated from scratch (the evaluation state was lost too): still one reward.
        for day in 16...20 { try await scenario.ingest(systolic: 130, diastolic: 80, at: "2026-11-\(day)T07:41") }
        _ = try await scenario.engine.evaluate(at: try GoalScenario.at("2026-11-23T00:20"))
        #expect(try await scenario.rewardKeys() == ["\(pressure.id) week:2026-11-16 met"])
        #expect(try await scenario.store.rewards(profileId: scenario.profile.id).count == 1)
    }

    @Test func sevenDaysMetInARowEarnAStreakOnTheSeventh() async throws {
        let scenario = try await GoalScenario.make()
        defer { scenario.directory.remove() }
        let steps = try await scenario.addGoal(.stepsPerDay(5000), .day)
        for day in 16...23 where day != 17 {
            try await scenario.ingest(steps: 6000, at: "2026-11-\(day)T20:00")
        }
        // Tuesday the 17th was missed, so the run starts again on Wednesday: no streak by Monday the 23rd.
        #expect(!(try await scenario.rewardKeys().contains { $0.contains("streak") }))
        try await scenario.ingest(steps: 6000, at: "2026-11-24T20:00")
        #expect(try await scenario.rewardKeys().contains("\(steps.id) day:2026-11-24 streak-7"))
        let streak = try #require(try await scenario.store.rewards(profileId: scenario.profile.id).first)
        #expect(streak.achievement == "streak-7" && streak.points == 35 && streak.badge == "7 in a row")
    }
}
