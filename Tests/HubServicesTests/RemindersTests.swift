import Care
import HubCore
import HubRecords
import TestSupport
import Testing

@testable import HubServices

/// Reminders, notification settings and the evaluation run.
struct RemindersTests {
    private func reminder(medication: String?, weighing: Bool = false, dialysisDays: Bool = false)
        -> RemindersService.NewReminder
    {
        RemindersService.NewReminder(
            medication: medication,
            weighing: weighing,
            window: "07:00-09:00",
            spacingMinutes: 30,
            delayMinutes: 0,
            dialysisDaysOnly: dialysisDays
        )
    }

    @Test func aMedicationReminderNeedsOneOfTheProfilesMedications() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        let reminders = world.app.reminders
        await #expect(
            throws: CareServiceError.unknownMedication(
                name: "aspirin",
                profile: "Anna",
                known: ["sevelamer carbonate", "amlodipine"]
            )
        ) {
            _ = try await reminders.add(reminder(medication: "aspirin"), profile: nil)
        }
        await #expect(throws: CareServiceError.reminderSubject) {
            _ = try await reminders.add(reminder(medication: "amlodipine", weighing: true), profile: nil)
        }
        let added = try await reminders.add(reminder(medication: "AMLODIPINE", dialysisDays: true), profile: nil)
        #expect(added.subject == .medication("amlodipine"))
        #expect(try await reminders.list(profile: nil).map(\.rule.id) == [added.id])
        _ = try await reminders.answer(id: added.id, .alreadyTaken, profile: nil)
        try await reminders.remove(id: added.id, profile: nil)
        await #expect(throws: CareServiceError.noReminder(id: added.id, profile: "Anna")) {
            try await reminders.remove(id: added.id, profile: nil)
        }
    }

    @Test func notificationSettingsAreStoredOnlyWhenChanged() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        let notifications = world.app.notifications
        let before = try await notifications.settings(profile: nil)
        var change = NotificationsService.SettingsChange()
        change.disable = [.progress]
        change.desktop = !before.desktop
        let changed = try await notifications.settings(profile: nil, change: change)
        #expect(changed.disabledTypes.contains(.progress))
        #expect(try await notifications.settings(profile: nil) == changed)
    }

    @Test func anEvaluationClosesEachDayOnce() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        let later = world.app.now() + 3 * 86_400_000
        _ = try await world.app.evaluation.evaluate(at: later)
        let again = try await world.app.evaluation.evaluate(at: later)
        #expect(again.closedDays == 0)
        #expect(again.rewards.isEmpty)
    }
}
