import Clinical
import Foundation

/// When a due dose is reminded of: repeated until answered within a window, snoozable, held in quiet hours, and a
/// caregiver told when it stays unanswered (as medication apps people use do: MyTherapy reminds until a dose is
/// confirmed; Medisafe alerts a "Medfriend" about an hour after a missed dose).
public struct DoseReminderPolicy: Sendable, Hashable, Codable {
    /// Minutes between two reminders of one dose.
    public var repeatMinutes: Int
    /// Minutes after the time due during which reminders repeat.
    public var answerWindowMinutes: Int
    /// Minutes after the time due when a caregiver is alerted, nil for no caregiver.
    public var caregiverAfterMinutes: Int?
    /// Quiet hours, when nothing is pushed.
    public var quietHours: QuietHours?

    /// A policy from its parts; by default every 15 minutes for 2 hours, the caregiver after an hour (product
    /// choices following Medisafe's "about an hour").
    public init(
        repeatMinutes: Int = 15,
        answerWindowMinutes: Int = 120,
        caregiverAfterMinutes: Int? = 60,
        quietHours: QuietHours? = nil
    ) {
        self.repeatMinutes = repeatMinutes
        self.answerWindowMinutes = answerWindowMinutes
        self.caregiverAfterMinutes = caregiverAfterMinutes
        self.quietHours = quietHours
    }

    /// What a dose's reminders know of their past.
    public struct State: Sendable, Hashable, Codable {
        public var lastRemindedAtMs: Int64?
        public var snoozedUntilMs: Int64?
        public var caregiverAlerted: Bool
        /// A state from its parts.
        public init(lastRemindedAtMs: Int64? = nil, snoozedUntilMs: Int64? = nil, caregiverAlerted: Bool = false) {
            self.lastRemindedAtMs = lastRemindedAtMs
            self.snoozedUntilMs = snoozedUntilMs
            self.caregiverAlerted = caregiverAlerted
        }
    }

    /// What to do now.
    public enum Action: Sendable, Hashable {
        case remind
        case alertCaregiver
    }

    /// The actions due at `nowMs` for a dose due at `dueAtMs`; none once it is answered.
    public func actions(dueAtMs: Int64, answered: Bool, state: State, now nowMs: Int64, timeZone: TimeZone) -> [Action]
    {
        guard !answered, nowMs >= dueAtMs else { return [] }
        var actions: [Action] = []
        let quiet = quietHours?.contains(GoalCalendar.timeOfDay(at: nowMs, in: timeZone)) ?? false
        let inWindow = nowMs < dueAtMs + Int64(answerWindowMinutes) * 60_000
        let snoozed = state.snoozedUntilMs.map { nowMs < $0 } ?? false
        let spaced = state.lastRemindedAtMs.map { nowMs - $0 >= Int64(repeatMinutes) * 60_000 } ?? true
        if inWindow, !quiet, !snoozed, spaced { actions.append(.remind) }
        if let after = caregiverAfterMinutes, !state.caregiverAlerted, !quiet,
            nowMs >= dueAtMs + Int64(after) * 60_000
        {
            actions.append(.alertCaregiver)
        }
        return actions
    }
}
