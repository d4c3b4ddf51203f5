import Clinical
import Foundation

/// A reminder rule: what to remind of, in which local time window, how often at most, and on which days.
///
/// It fires only inside its window, once `delayMinutes` into it (its threshold), never more often than
/// `minimumSpacingMinutes`, and not again on a day it was answered. "Already taken" raises the threshold
/// (`ReminderPolicy.adapt`), so a person who takes the pill before being asked is asked later next time.
public struct ReminderRule: Sendable, Hashable, Codable {
    /// The rule's row id.
    public var id: Int64
    /// The profile it reminds.
    public var profileId: Int64
    /// What it reminds of.
    public var subject: ReminderSubject
    /// The local time the window opens.
    public var windowStart: LocalTime
    /// The local time the window closes (after `windowStart`, same day).
    public var windowEnd: LocalTime
    /// The least time between two reminders of this rule.
    public var minimumSpacingMinutes: Int
    /// Only on the profile's dialysis days (its schedule's weekdays).
    public var dialysisDaysOnly: Bool
    /// Minutes into the window before the first reminder: the threshold an "already taken" answer raises.
    public var delayMinutes: Int

    /// A rule from its parts.
    public init(
        id: Int64,
        profileId: Int64,
        subject: ReminderSubject,
        windowStart: LocalTime,
        windowEnd: LocalTime,
        minimumSpacingMinutes: Int,
        dialysisDaysOnly: Bool,
        delayMinutes: Int = 0
    ) {
        self.id = id
        self.profileId = profileId
        self.subject = subject
        self.windowStart = windowStart
        self.windowEnd = windowEnd
        self.minimumSpacingMinutes = minimumSpacingMinutes
        self.dialysisDaysOnly = dialysisDaysOnly
        self.delayMinutes = delayMinutes
    }

    /// The window's length in minutes.
    public var windowMinutes: Int { windowEnd.minutesSinceMidnight - windowStart.minutesSinceMidnight }

    /// Checks the window (end after start), the spacing (5 minutes to a day) and the delay (inside the window).
    public func validate() throws(GoalFieldError) {
        guard windowEnd > windowStart else {
            throw GoalFieldError(field: "window", reason: "the window must end after it starts, on the same day")
        }
        guard (5...1440).contains(minimumSpacingMinutes) else {
            throw GoalFieldError(field: "spacing", reason: "5 to 1440 minutes")
        }
        guard delayMinutes >= 0, delayMinutes < windowMinutes else {
            throw GoalFieldError(field: "delay", reason: "0 to \(windowMinutes - 1) minutes (inside the window)")
        }
        if case .medication(let name) = subject, name.trimmingCharacters(in: .whitespaces).isEmpty {
            throw GoalFieldError(field: "medication", reason: "a medication name is needed")
        }
    }
}

/// What a reminder is about.
public enum ReminderSubject: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Take a medication of the profile.
    case medication(String)
    /// Step on the scale (before dialysis, on dialysis days); a weight taken in the window answers it.
    case weighing

    /// `medication NAME` or `weighing`.
    public var description: String {
        switch self {
        case .medication(let name): "medication \(name)"
        case .weighing: "weighing"
        }
    }
}
