import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore

extension GoalEngine {
    /// The reminders of the profile's scheduled doses due at `atMs` (today's and yesterday's, since an answer window
    /// can cross midnight): a reminder per unanswered dose, repeated and snoozable; the caregiver alert; and one
    /// gentle reminder per meal logged without its phosphate binder. Notifications go to the feed, and from it to
    /// the desktop, the command hook and the web app, as every other notification does.
    func fireDoseReminders(
        profile: StoredProfile,
        context: GoalContext,
        policy base: DoseReminderPolicy = DoseReminderPolicy(),
        at atMs: Int64
    ) async throws -> EvaluationReport {
        var report = EvaluationReport()
        let orders = try await store.medicationOrders(profileId: profile.id).filter { $0.status.isActive }
        guard !orders.isEmpty else { return report }
        let zone = context.timeZone
        let today = GoalCalendar.date(at: atMs, in: zone)
        let yesterday = today.adding(days: -1)
        let settings = try await store.notificationSettings(profileId: profile.id)
        var policy = base
        policy.quietHours = settings.quietHours
        let entries = try await store.intakeEntries(profileId: profile.id, from: yesterday, through: today)
        let meals = DoseReminderPlan.mealInstants(
            entries.map { (date: $0.localDate, meal: $0.meal, atMs: $0.takenAt.epochMilliseconds) }
        )
        let patient = PatientDay(
            routine: profile.profile.routine ?? .standard,
            dialysis: context.dialysisSchedule,
            timeZone: zone,
            loggedMeals: Self.mealTimes(entries, in: zone)
        )
        let doses = DoseSchedule.doses(for: orders, from: yesterday, through: today, patient: patient)
        let log = try await store.doseRecords(profileId: profile.id)
        let states = try await store.doseReminderStates(profileId: profile.id, dates: [yesterday, today])
        let steps = DoseReminderPlan.steps(
            doses: doses,
            answers: Adherence.answers(log),
            states: states,
            policy: policy,
            now: atMs,
            timeZone: zone
        )
        let names = Dictionary(orders.map { ($0.id, $0.medication.name) }, uniquingKeysWith: { first, _ in first })
        var reminded: [DoseKey] = []
        var alerted: [DoseKey] = []
        var notifications: [QueuedNotification] = []
        func queue(_ draft: NotificationDraft, type: NotificationType) {
            if let push = settings.pushTime(for: type, at: atMs, in: zone) {
                notifications.append(QueuedNotification(draft: draft, pushAfterMs: push))
            }
        }
        for step in steps {
            let name = names[step.dose.orderId] ?? "your medication"
            let key = step.dose.key
            let id = "\(key.orderId.uuidString.lowercased()):\(key.dosageIndex):\(key.date):\(key.slot)"
            let dueAt = step.dose.time.description
            for action in step.actions {
                switch action {
                case .remind:
                    reminded.append(key)
                    queue(
                        NotificationDraft(
                            type: .reminder,
                            title: "Time for \(name)",
                            body: "Due at \(dueAt). Mark it taken on Today, or `kidneyhub doses take \"\(name)\"`.",
                            dedupeKey: "dose:\(id):\(atMs)",
                            message: .doseDue(name: name, time: dueAt)
                        ),
                        type: .reminder
                    )
                case .alertCaregiver:
                    alerted.append(key)
                    let after = policy.caregiverAfterMinutes ?? 0
                    queue(
                        NotificationDraft(
                            type: .alert,
                            title: "Dose not taken: \(name)",
                            body: "For the caregiver: due at \(dueAt), no answer after \(after) minutes.",
                            dedupeKey: "dose-caregiver:\(id)",
                            message: .doseNotTaken(name: name, time: dueAt, minutes: after)
                        ),
                        type: .alert
                    )
                }
            }
        }
        let windowMs = Int64(PhosphateBinders.mealWindowMinutes) * 60_000
        let finishedMeals = meals.filter { $0 + windowMs <= atMs && GoalCalendar.date(at: $0, in: zone) == today }
        for missed in PhosphateBinders.missed(orders: orders, meals: finishedMeals, log: log) {
            let time = GoalCalendar.timeOfDay(at: missed.mealAtMs, in: zone).description
            queue(
                NotificationDraft(
                    type: .reminder,
                    title: "\(missed.medication) with your meal?",
                    body: "No dose logged with the meal at \(time). Phosphate binders work only when taken with "
                        + "food (KDIGO 2017 CKD-MBD update, 4.1). Log it if you took it.",
                    dedupeKey: missed.dedupeKey,
                    message: .binderWithMeal(name: missed.medication, mealTime: time)
                ),
                type: .reminder
            )
        }
        let ids = try await store.recordDoseReminders(
            reminded: reminded,
            caregiverAlerted: alerted,
            notifications: notifications,
            profileId: profile.id,
            atMs: atMs
        )
        report.remindersFired = reminded.count
        report.notificationsQueued = ids.count
        return report
    }

    /// The logged time of each main meal per local day (its earliest entry), which "with meals" doses follow.
    static func mealTimes(_ entries: [StoredIntakeEntry], in zone: TimeZone) -> [CalendarDate: [Meal: LocalTime]] {
        var meals: [CalendarDate: [Meal: LocalTime]] = [:]
        for entry in entries {
            guard let meal = entry.meal, meal != .snack else { continue }
            let time = GoalCalendar.timeOfDay(at: entry.takenAt.epochMilliseconds, in: zone)
            if let earlier = meals[entry.localDate]?[meal], earlier <= time { continue }
            meals[entry.localDate, default: [:]][meal] = time
        }
        return meals
    }
}
