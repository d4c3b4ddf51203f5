import Clinical
import Foundation

/// What the reminders of a profile's scheduled doses ask for at an instant: a pure function over the schedule, the
/// log's answers and each dose's reminder state (the scheduler stores the state and queues the notifications).
public enum DoseReminderPlan {
    /// A dose and what to do about it now.
    public struct Step: Sendable, Hashable {
        public var dose: ScheduledDose
        public var actions: [DoseReminderPolicy.Action]
    }

    /// The doses that need a reminder or a caregiver alert at `nowMs`, earliest first.
    public static func steps(
        doses: [ScheduledDose],
        answers: [DoseKey: DoseRecord],
        states: [DoseKey: DoseReminderPolicy.State],
        policy: DoseReminderPolicy,
        now nowMs: Int64,
        timeZone: TimeZone
    ) -> [Step] {
        doses.compactMap { dose in
            let actions = policy.actions(
                dueAtMs: dose.dueAtMs,
                answered: answers[dose.key] != nil,
                state: states[dose.key] ?? .init(),
                now: nowMs,
                timeZone: timeZone
            )
            return actions.isEmpty ? nil : Step(dose: dose, actions: actions)
        }
    }

    /// The instants of the main meals logged (breakfast, lunch, dinner; the earliest entry of each per day), from
    /// intake entries given as (local date, meal, instant): what the binder rule compares the log with.
    public static func mealInstants(_ entries: [(date: CalendarDate, meal: Meal?, atMs: Int64)]) -> [Int64] {
        var earliest: [String: Int64] = [:]
        for entry in entries {
            guard let meal = entry.meal, meal != .snack else { continue }
            let key = "\(entry.date) \(meal)"
            earliest[key] = min(earliest[key] ?? entry.atMs, entry.atMs)
        }
        return earliest.values.sorted()
    }
}
