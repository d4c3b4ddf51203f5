import Clinical
import Foundation

/// The rules of reminders: when one fires, and how an answer adapts it.
public enum ReminderPolicy {
    /// How much an "already taken" answer raises the threshold: a quarter hour (product choice).
    public static let alreadyTakenStepMinutes = 15

    /// What a reminder's rule knows of its past: when it last fired, and the local day it was last answered.
    public struct State: Sendable, Hashable, Codable {
        /// When it last fired (UTC epoch ms), nil if never.
        public var lastFiredAtMs: Int64?
        /// The local date of the last answer; no more reminders that day.
        public var answeredOn: CalendarDate?

        /// A state from its parts.
        public init(lastFiredAtMs: Int64? = nil, answeredOn: CalendarDate? = nil) {
            self.lastFiredAtMs = lastFiredAtMs
            self.answeredOn = answeredOn
        }
    }

    /// True when the rule fires at `atMs`: an eligible day, inside the window past the threshold, not answered
    /// today, not already done (`satisfied`: a weight taken in today's window), and spaced from the last one.
    public static func shouldFire(
        _ rule: ReminderRule,
        state: State,
        at atMs: Int64,
        timeZone: TimeZone,
        schedule: DialysisSchedule?,
        satisfied: Bool
    ) -> Bool {
        let today = GoalCalendar.date(at: atMs, in: timeZone)
        if rule.dialysisDaysOnly {
            guard let schedule, schedule.weekdays.contains(today.weekday) else { return false }
        }
        guard state.answeredOn != today, !satisfied else { return false }
        let opens = GoalCalendar.instant(today, rule.windowStart, in: timeZone)
        let closes = GoalCalendar.instant(today, rule.windowEnd, in: timeZone)
        let threshold = opens + Int64(rule.delayMinutes) * 60_000
        guard atMs >= threshold, atMs < closes else { return false }
        if let last = state.lastFiredAtMs, atMs - last < Int64(rule.minimumSpacingMinutes) * 60_000 { return false }
        return true
    }

    /// The rule after an answer: "already taken" raises the threshold by a step (staying inside the window);
    /// "done" (taken because of the reminder) and "skip" leave it.
    public static func adapt(_ rule: ReminderRule, to answer: ReminderAnswer) -> ReminderRule {
        var adapted = rule
        if answer == .alreadyTaken {
            adapted.delayMinutes = min(rule.delayMinutes + alreadyTakenStepMinutes, max(rule.windowMinutes - 1, 0))
        }
        return adapted
    }
}

/// A person's answer to a reminder.
public enum ReminderAnswer: String, Sendable, Hashable, Codable, CaseIterable {
    /// Taken before the reminder came: the reminder was too early.
    case alreadyTaken = "already-taken"
    /// Taken now, thanks to the reminder.
    case done
    /// Not today.
    case skip
}
