import Care
import CareEngine
import Clinical
import Foundation
import HubCore
import HubRecords
import TestSupport
import Testing

@testable import HubServices

/// The "medications taken" goal: a day is met when every scheduled dose was taken; seven in a row is a streak.
@Suite struct MedicationsTakenGoalTests {
    /// Monday 2026-11-16, 12:00 in Berlin (UTC+1).
    static let noon: Int64 = 1_794_826_800_000
    static let day: Int64 = 86_400_000

    @Test func fullDaysMeetTheGoalAndSevenInARowMakeAStreak() async throws {
        let (directory, app, clock) = try await clockedWorld(at: Self.noon)
        defer { directory.remove() }
        var target = GoalTarget()
        target.kind = "medications-taken"
        target.period = "day"
        let goal = try await app.goals.add(template: nil, target: target, priority: nil, profile: nil)
        #expect(goal.kind == .medicationsTaken)
        let thirteen = LocalTime(wallClockMinutes: 13 * 60)
        let twentyOne = LocalTime(wallClockMinutes: 21 * 60)
        _ = try await app.medications.add(
            MedicationOrder(
                medication: MedicationCode(name: "amlodipine"),
                dosages: [
                    DosageInstruction(
                        dose: .quantity(1, .tablet),
                        timing: TimingRepeat(
                            frequency: 2,
                            period: 1,
                            periodUnit: .day,
                            timeOfDay: [thirteen, twentyOne]
                        )
                    )
                ]
            ),
            profile: nil
        )
        let monday = try CalendarDate(parsing: "2026-11-16")
        // Monday to Sunday: both doses taken, five minutes late.
        for offset in 0..<7 {
            let date = monday.adding(days: offset)
            for (slot, minutes) in [("13:00", 65), ("21:00", 545)] {
                let takenAt = Self.noon + Int64(offset) * Self.day + Int64(minutes) * 60_000
                clock.advance(to: takenAt)
                _ = try await app.doses.take("amlodipine", slot: slot, date: date, takenAtMs: takenAt, profile: nil)
            }
        }
        // The next Monday: only the 13:00 dose.
        clock.advance(to: Self.noon + 7 * Self.day + 65 * 60_000)
        _ = try await app.doses.take(
            "amlodipine",
            slot: "13:00",
            date: monday.adding(days: 7),
            takenAtMs: Self.noon + 7 * Self.day + 65 * 60_000,
            profile: nil
        )
        let week = try await app.evaluation.evaluate(at: Self.noon + 7 * Self.day + 13 * 3_600_000)
        let ours = week.rewards.filter { $0.goalId == goal.id }
        #expect(ours.filter { $0.achievement == "met" }.map(\.periodKey).count == 7)
        #expect(ours.contains { $0.achievement.hasPrefix("streak") })
        #expect(ours.allSatisfy { $0.badge == "Every dose taken" || $0.achievement.hasPrefix("streak") })
        let tuesday = try await app.evaluation.evaluate(at: Self.noon + 8 * Self.day + 13 * 3_600_000)
        #expect(tuesday.closedDays == 1)
        #expect(tuesday.rewards.filter { $0.goalId == goal.id }.isEmpty)  // Monday: the 21:00 dose was not taken
    }
}
