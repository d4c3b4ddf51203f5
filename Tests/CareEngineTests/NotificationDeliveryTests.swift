import Care
import CareEngine
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import TestSupport
import Testing

/// Notification toggles and quiet hours per type, and the user's command (issue 9 acceptance).
struct NotificationDeliveryTests {
    /// A command that appends each notification's JSON line to `file` (run without a shell: argv of /bin/sh).
    private func appendingCommand(_ file: String) -> [String] {
        ["/bin/sh", "-c", "cat >> \"$0\"", file]
    }

    private func lines(_ file: String) -> [String] {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func togglesAndQuietHoursAreRespectedPerType() async throws {
        let scenario = try await GoalScenario.make()
        defer { scenario.directory.remove() }
        let pushed = scenario.directory.file("pushed.jsonl")
        try await scenario.store.saveNotificationSettings(
            NotificationSettings(
                disabledTypes: [.progress],
                quietHours: try QuietHours(parsing: "22:00-07:00"),
                command: appendingCommand(pushed)
            ),
            profileId: scenario.profile.id
        )
        let dispatcher = NotificationDispatcher(store: scenario.store, sinks: [CommandNotifier()])
        let steps = try await scenario.addGoal(.stepsPerDay(5000), .day)

        // Half-way at 21:00: progress is switched off, so nothing is queued.
        try await scenario.ingest(steps: 3000, at: "2026-11-16T21:00")
        #expect(try await scenario.notificationCount() == 0)
        // Met at 23:30, in quiet hours: the reward is in the feed at once but pushed only at 07:00.
        try await scenario.ingest(steps: 3000, at: "2026-11-16T23:30")
        let feed = try await scenario.store.notifications(profileId: scenario.profile.id)
        #expect(feed.map(\.type) == [.reward])
        #expect(feed.first?.pushAfterMs == (try GoalScenario.at("2026-11-17T07:00")))
        #expect(await dispatcher.deliverDue(at: try GoalScenario.at("2026-11-17T06:59")) == 0)
        #expect(lines(pushed).isEmpty)
        #expect(await dispatcher.deliverDue(at: try GoalScenario.at("2026-11-17T07:00")) == 1)
        let message =
            try JSONSerialization.jsonObject(with: Data(try #require(lines(pushed).first).utf8)) as? [String: Any]
        #expect(message?["type"] as? String == "reward")
        #expect((message?["body"] as? String)?.contains("5000 steps a day") == true)
        // Pushed once: delivering again sends nothing.
        #expect(await dispatcher.deliverDue(at: try GoalScenario.at("2026-11-17T08:00")) == 0)
        #expect(lines(pushed).count == 1)

        // Alerts are exempt from quiet hours: a gain of 3.2 kg (4.6 % of 70 kg) weighed at 06:50 is pushed at once.
        try await scenario.ingest(kilograms: 70.0, phase: "post", at: "2026-11-18T12:30")
        try await scenario.ingest(kilograms: 73.2, phase: "pre", at: "2026-11-20T06:50")
        let alert = try #require(try await scenario.store.notifications(profileId: scenario.profile.id).first)
        #expect(alert.type == .alert)
        #expect(alert.pushAfterMs == (try GoalScenario.at("2026-11-20T06:50")))
        #expect(await dispatcher.deliverDue(at: try GoalScenario.at("2026-11-20T06:51")) == 1)
        #expect(lines(pushed).last?.contains("\"type\":\"alert\"") == true)

        // Rewards switched off: the reward is still earned, but nothing is queued for it.
        var settings = try await scenario.store.notificationSettings(profileId: scenario.profile.id)
        settings.disabledTypes.insert(.reward)
        try await scenario.store.saveNotificationSettings(settings, profileId: scenario.profile.id)
        let before = try await scenario.notificationCount()
        try await scenario.ingest(steps: 5200, at: "2026-11-20T19:00")
        #expect(try await scenario.rewardKeys().contains("\(steps.id) day:2026-11-20 met"))
        #expect(try await scenario.notificationCount() == before)
    }

    @Test func aCommandCanTakeTheMessageAsArguments() async throws {
        let scenario = try await GoalScenario.make()
        defer { scenario.directory.remove() }
        let out = scenario.directory.file("args.txt")
        try await scenario.store.saveNotificationSettings(
            NotificationSettings(
                command: ["/bin/sh", "-c", "printf '%s|%s\\n' \"$1\" \"$2\" >> \"$0\"", out, "{type}", "{title}"],
                commandInput: .arguments
            ),
            profileId: scenario.profile.id
        )
        let id = try await scenario.store.postNotification(
            NotificationDraft(type: .import, title: "3 new readings from scale-1", body: "", dedupeKey: "import:1"),
            profileId: scenario.profile.id,
            atMs: scenario.clock.now(),
            timeZone: TimeZone(identifier: "Europe/Berlin")!
        )
        #expect(id != nil)
        let dispatcher = NotificationDispatcher(store: scenario.store, sinks: [CommandNotifier()])
        #expect(await dispatcher.deliverDue(at: scenario.clock.now()) == 1)
        #expect(lines(out) == ["import|3 new readings from scale-1"])
        // The same event posted again is not queued twice.
        let again = try await scenario.store.postNotification(
            NotificationDraft(type: .import, title: "3 new readings from scale-1", body: "", dedupeKey: "import:1"),
            profileId: scenario.profile.id,
            atMs: scenario.clock.now(),
            timeZone: TimeZone(identifier: "Europe/Berlin")!
        )
        #expect(again == nil)
    }

    @Test func remindersFireInTheirWindowSpacedAndOnlyOnDialysisDays() async throws {
        let scenario = try await GoalScenario.make()
        defer { scenario.directory.remove() }
        let rule = try await scenario.store.addReminder(
            ReminderRule(
                id: 0,
                profileId: scenario.profile.id,
                subject: .weighing,
                windowStart: try LocalTime(parsing: "06:30"),
                windowEnd: try LocalTime(parsing: "08:00"),
                minimumSpacingMinutes: 30,
                dialysisDaysOnly: true
            ),
            atMs: scenario.clock.now()
        )
        func evaluate(_ local: String) async throws -> Int {
            scenario.clock.advance(to: try GoalScenario.at(local))
            return try await scenario.engine.evaluate(at: scenario.clock.now()).remindersFired
        }
        #expect(try await evaluate("2026-11-16T06:00") == 0)  // Monday, before the window
        #expect(try await evaluate("2026-11-16T06:30") == 1)
        #expect(try await evaluate("2026-11-16T06:45") == 0)  // spacing
        #expect(try await evaluate("2026-11-16T07:00") == 1)
        // A weight taken in the window answers the weighing reminder.
        try await scenario.ingest(kilograms: 72.0, phase: "pre", at: "2026-11-16T07:10")
        #expect(try await evaluate("2026-11-16T07:31") == 0)
        #expect(try await evaluate("2026-11-17T06:30") == 0)  // Tuesday: no dialysis
        #expect(try await evaluate("2026-11-18T06:30") == 1)  // Wednesday
        // "Already taken": no more today, and next time 15 minutes later.
        let adapted = try await scenario.store.answerReminder(
            id: rule.id,
            profileId: scenario.profile.id,
            answer: .alreadyTaken,
            on: try CalendarDate(parsing: "2026-11-18")
        )
        #expect(adapted.delayMinutes == 15)
        #expect(try await evaluate("2026-11-18T07:05") == 0)
        #expect(try await evaluate("2026-11-20T06:30") == 0)  // Friday, before the raised threshold
        #expect(try await evaluate("2026-11-20T06:45") == 1)
        let reminders = try await scenario.store.notifications(profileId: scenario.profile.id).filter {
            $0.type == .reminder
        }
        #expect(reminders.count == 4)
    }
}
