import Care
import Clinical
import Foundation
import HubCore
import Testing

/// A notification's message as data: every case survives the store's JSON, the producers in Care put theirs beside
/// the English words, and the badge and achievement keys read back what they wrote.
@Suite struct NotificationMessageTests {
    static let every: [NotificationMessage] = [
        .criticalValue(
            threshold: "potassium-severe-high",
            value: 6.6,
            takenAtMs: 1_795_505_400_000,
            zone: "Europe/Madrid",
            gain: nil
        ),
        .criticalValue(
            threshold: "idwg-high",
            value: 4.26,
            takenAtMs: 0,
            zone: "UTC",
            gain: .init(kilograms: 3.2, session: "2026-11-26", percent: 4.26)
        ),
        .meterRange(above: true, time: "2026-11-26 14:02", bound: 500),
        .readingWatch(reading: .heartRate, value: 75, threshold: 70, time: "15:00", medication: "metoprolol"),
        .reward(
            goal: .interdialyticGainBelow(percentOfDryWeight: 4),
            achievement: .streak(3),
            badge: .steadyBetweenSessions,
            points: 6,
            period: "2026-W48"
        ),
        .halfWay(goal: .stepsPerDay(6000), period: "2026-11-26", fraction: 0.55),
        .medicationReminder(name: "sevelamer", rule: 4),
        .weighingReminder(rule: 5),
        .doseDue(name: "sevelamer", time: "08:00"),
        .doseNotTaken(name: "sevelamer", time: "08:00", minutes: 60),
        .binderWithMeal(name: "sevelamer", mealTime: "12:30"),
        .advice(
            rule: "alert-day-over-limit",
            version: 1,
            severity: .warning,
            verification: .quotedInResearch,
            citation: "KDOQI 2020",
            facts: ["subject": "potassium", "after": "3300", "limit": "3000", "unit": "mg"]
        ),
        .reportCardReady(month: "2026-10"),
    ]

    @Test(arguments: every) func everyCaseReadsBackAsItWasWritten(_ message: NotificationMessage) throws {
        let text = try JSONEncoder().encode(message)
        #expect(try JSONDecoder().decode(NotificationMessage.self, from: text) == message)
    }

    @Test func aCaseThisBuildDoesNotKnowIsAnErrorNotAGuess() {
        let newer = Data(#"{"somethingNewer":{"value":1}}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(NotificationMessage.self, from: newer) }
    }

    @Test func theCriticalAlertCarriesItsThresholdValueTimeAndGain() throws {
        let row = try #require(CriticalThresholds.breached(.interdialyticGain, value: 4.26))
        let gain = NotificationMessage.GainDetail(kilograms: 3.2, session: "2026-11-26", percent: 4.26)
        let draft = CriticalValueAlert.draft(row, value: 4.26, takenAtMs: 7, timeZone: .gmt, gain: gain, key: "k")
        #expect(draft.message == .criticalValue(threshold: row.id, value: 4.26, takenAtMs: 7, zone: "GMT", gain: gain))
        #expect(draft.body.contains("3.2 kg gained before the session of 2026-11-26 (4.3 % of your dry weight)."))
    }

    @Test func aRewardsKeyReadsBackItsAchievement() {
        for achievement in [Achievement.met, .improving, .streak(7)] {
            #expect(Achievement(key: achievement.key) == achievement)
        }
        #expect(Achievement(key: "streak-") == nil)
        #expect(Achievement(key: "gold") == nil)
    }

    @Test func aMetGoalsBadgeIsTheOneRewardsName() {
        let kinds: [GoalKind] = [
            .interdialyticGainBelow(percentOfDryWeight: 4), .weightRange(lowKilograms: 70, highKilograms: 72),
            .labInRange(analyte: "potassium", low: 3.5, high: 5), .egfrStable(maximumDeclinePerYear: 5),
            .bloodPressureBelow(systolic: 140, diastolic: 90), .stepsPerDay(6000),
            .drinkWater(milliliters: 1500), .medicationsTaken,
        ]
        for kind in kinds {
            for category in [DiseaseCategory.hemodialysis, .kidneyTransplant, nil] {
                #expect(
                    RewardRules.badge(for: .met, kind: kind, category: category)
                        == Badge(kind: kind, category: category).english
                )
            }
        }
        #expect(Badge(kind: .weightRange(lowKilograms: 70, highKilograms: 72), category: .hemodialysis) == .onDryWeight)
        let potassium = GoalKind.labInRange(analyte: "potassium", low: 3.5, high: 5)
        #expect(Badge(kind: potassium, category: .kidneyTransplant) == .graftGuardian)
    }
}
