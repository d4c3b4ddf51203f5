import Clinical
import Foundation

/// A rule that turns readings into a notification only when it is worth one: a valid reading above a threshold,
/// inside a window of the day, and not sooner than a minimum spacing after the last one; "taken" raises the
/// threshold, so a person who already acted is asked less often (the reminder app behind KidneyHub, MedRem).
public struct ThrottledRule: Sendable, Hashable, Codable {
    /// The readings that trigger it, with the range a valid reading lies in.
    public var trigger: Trigger
    /// The threshold a reading must be above.
    public var threshold: Double
    /// The local time the window opens (included).
    public var windowStart: LocalTime
    /// The local time the window closes (excluded).
    public var windowEnd: LocalTime
    /// The least time between two notifications.
    public var minimumSpacingMinutes: Int
    /// How much a "taken" answer raises the threshold.
    public var takenStep: Double

    /// What a rule reads.
    public struct Trigger: Sendable, Hashable, Codable {
        /// The reading's name, for example `resting heart rate` or `home systolic pressure`.
        public var name: String
        /// The valid readings; anything outside is a sensor error, not a reason to notify.
        public var valid: ClosedRange<Double>
        /// A trigger from its parts.
        public init(name: String, valid: ClosedRange<Double>) {
            self.name = name
            self.valid = valid
        }
    }

    /// A rule from its parts.
    public init(
        trigger: Trigger,
        threshold: Double,
        windowStart: LocalTime,
        windowEnd: LocalTime,
        minimumSpacingMinutes: Int,
        takenStep: Double
    ) {
        self.trigger = trigger
        self.threshold = threshold
        self.windowStart = windowStart
        self.windowEnd = windowEnd
        self.minimumSpacingMinutes = minimumSpacingMinutes
        self.takenStep = takenStep
    }

    /// MedRem's rule: a valid resting heart rate above the boundary, between 14:00 and 20:00, at least 10 minutes
    /// after the last notification. The boundary is the user's (70 by default here); the step by which "taken"
    /// raises it is not stated in the app's description, 5 beats per minute is a product choice. Valid heart
    /// rates: 20–250 /min (outside that a watch reading is an artefact, not a pulse).
    public static func medRem(boundary: Double = 70) -> ThrottledRule {
        ThrottledRule(
            trigger: Trigger(name: "resting heart rate", valid: 20...250),
            threshold: boundary,
            windowStart: LocalTime(wallClockMinutes: 14 * 60),
            windowEnd: LocalTime(wallClockMinutes: 20 * 60),
            minimumSpacingMinutes: 10,
            takenStep: 5
        )
    }

    /// True when a reading of `value` at `atMs` notifies, the last notification having been at `lastFiredAtMs`.
    public func fires(value: Double, at atMs: Int64, lastFiredAtMs: Int64?, timeZone: TimeZone) -> Bool {
        guard value.isFinite, trigger.valid.contains(value), value > threshold else { return false }
        let time = GoalCalendar.timeOfDay(at: atMs, in: timeZone)
        guard time >= windowStart, time < windowEnd else { return false }
        if let lastFiredAtMs, atMs - lastFiredAtMs < Int64(minimumSpacingMinutes) * 60_000 { return false }
        return true
    }

    /// The rule after a "taken" answer: the threshold one step higher.
    public func afterTaken() -> ThrottledRule {
        var raised = self
        raised.threshold += takenStep
        return raised
    }
}
