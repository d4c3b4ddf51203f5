import Care
import CareEngine
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import TestSupport
import Testing

@testable import HubServices

/// Dose reminders through the scheduler's evaluation and the notification feed, on a real store with a controlled
/// clock: repeated until answered, snoozed, quiet hours, the caregiver alert, and binders with meals.
@Suite struct DoseRemindersTests {
    /// Monday 2026-11-16, 12:00 in Berlin (UTC+1).
    static let noon: Int64 = 1_794_826_800_000

    private func daily(_ name: String, at hour: Int, _ minute: Int = 0) -> MedicationOrder {
        MedicationOrder(
            medication: MedicationCode(name: name),
            dosages: [
                DosageInstruction(
                    dose: .quantity(1, .tablet),
                    route: .oral,
                    timing: TimingRepeat(
                        frequency: 1,
                        period: 1,
                        periodUnit: .day,
                        timeOfDay: [LocalTime(wallClockMinutes: hour * 60 + minute)]
                    )
                )
            ]
        )
    }

    /// Moves the clock to `minutes` past noon, runs the scheduler's evaluation, and returns the notifications it
    /// queued (type and title).
    private func tick(_ app: HubApplication, _ clock: ManualClock, _ minutes: Int) async throws -> [String] {
        let before = try await app.store.lastNotificationId()
        clock.advance(to: Self.noon + Int64(minutes) * 60_000)
        _ = try await app.evaluation.evaluate(at: clock.now())
        return try await app.store.notifications(profileId: nil, limit: 1000)
            .filter { $0.id > before }
            .sorted { $0.id < $1.id }
            .map { "\($0.type.rawValue): \($0.title)" }
    }

    @Test func aDueDoseIsRemindedUntilTakenSnoozedAndTheCaregiverAlertedOnce() async throws {
        let (directory, app, clock) = try await clockedWorld(at: Self.noon)
        defer { directory.remove() }
        _ = try await app.medications.add(daily("amlodipine", at: 13), profile: nil)
        let remind = ["reminder: Time for amlodipine"]
        #expect(try await tick(app, clock, 59).isEmpty)  // 12:59, not due yet
        #expect(try await tick(app, clock, 60) == remind)  // 13:00
        #expect(try await tick(app, clock, 70).isEmpty)  // 10 minutes later: spaced 15
        #expect(try await tick(app, clock, 75) == remind)  // 13:15
        clock.advance(to: Self.noon + 80 * 60_000)
        _ = try await app.doses.snooze("amlodipine", minutes: 30, profile: nil)  // until 13:50
        #expect(try await tick(app, clock, 95).isEmpty)
        #expect(try await tick(app, clock, 110) == remind)  // 13:50, the snooze over
        // 14:00: an hour unanswered, the caregiver is told (and only once).
        #expect(try await tick(app, clock, 120) == ["alert: Dose not taken: amlodipine"])
        #expect(try await tick(app, clock, 125) == remind)
        _ = try await app.doses.take("amlodipine", profile: nil)
        #expect(try await tick(app, clock, 140).isEmpty)
        #expect(try await tick(app, clock, 170).isEmpty)
        await #expect(throws: MedicationsError.self) {
            _ = try await app.doses.snooze("amlodipine", minutes: 0, profile: nil)
        }
    }

    @Test func quietHoursHoldADosesRemindersAndAStoppedOrderHasNone() async throws {
        let (directory, app, clock) = try await clockedWorld(at: Self.noon)
        defer { directory.remove() }
        var quiet = NotificationsService.SettingsChange()
        quiet.quietHours = .some(try QuietHours(parsing: "12:30-16:00"))
        _ = try await app.notifications.settings(profile: nil, change: quiet)
        _ = try await app.medications.add(daily("amlodipine", at: 13), profile: nil)
        _ = try await app.medications.add(daily("calcitriol", at: 12, 10), profile: nil)
        _ = try await app.medications.stop("calcitriol", profile: nil)
        for minutes in [0, 10, 60, 90, 121, 179] {
            #expect(try await tick(app, clock, minutes).isEmpty, "at \(minutes) minutes past noon")
        }
    }

    @Test func aMealWithoutItsBinderRaisesOneGentleReminder() async throws {
        let (directory, app, clock) = try await clockedWorld(at: Self.noon)
        defer { directory.remove() }
        // Notifications for the dose itself would mix in; this test reads only the binder's.
        var quietReminders = NotificationsService.SettingsChange()
        quietReminders.disable = [.alert]
        _ = try await app.notifications.settings(profile: nil, change: quietReminders)
        _ = try await app.medications.add(
            MedicationOrder(
                medication: MedicationCode(name: "sevelamer carbonate"),
                dosages: [DosageInstruction(dose: .quantity(1, .tablet), timing: TimingRepeat(when: [.meal]))]
            ),
            profile: nil
        )
        let lunch = RFC3339Timestamp(epochMilliseconds: Self.noon + 30 * 60_000, utcOffsetSeconds: 3600)
        _ = try await app.intake.logFood(
            "banana raw",
            amount: 1,
            unit: "medium",
            meal: .lunch,
            at: { _, _ in lunch },
            profile: nil
        )
        func binderReminders(_ titles: [String]) -> [String] { titles.filter { $0.hasSuffix("with your meal?") } }
        #expect(binderReminders(try await tick(app, clock, 45)).isEmpty)  // 12:45: the meal's half hour runs on
        #expect(binderReminders(try await tick(app, clock, 61)) == ["reminder: sevelamer carbonate with your meal?"])
        #expect(binderReminders(try await tick(app, clock, 90)).isEmpty)  // once
        _ = try await app.medications.stop("sevelamer carbonate", profile: nil)
        let dinner = RFC3339Timestamp(epochMilliseconds: Self.noon + 120 * 60_000, utcOffsetSeconds: 3600)
        _ = try await app.intake.logFood(
            "banana raw",
            amount: 1,
            unit: "medium",
            meal: .dinner,
            at: { _, _ in dinner },
            profile: nil
        )
        #expect(try await tick(app, clock, 200).isEmpty)  // a stopped binder: nothing at all
        let stored = try await app.store.selectProfile(named: nil)
        #expect(try await app.store.interactionMedications(for: stored).isEmpty)
    }
}
