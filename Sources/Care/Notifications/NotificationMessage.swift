import HubCore

/// What a notification says, as data: which message it is and the values in it, so that a page writes it in its own
/// language. The English title and body stored beside it stay the words of the command line and the desktop; a
/// notification stored before messages existed (or by a newer hub, with a case this one does not know) has none.
public enum NotificationMessage: Sendable, Hashable, Codable {
    /// A value beyond a critical threshold (`CriticalThresholds.standard`, by `threshold` id), in the threshold's
    /// unit, taken at `takenAtMs` and shown on the clock of the zone `zone`; `gain` details an interdialytic gain.
    case criticalValue(threshold: String, value: Double, takenAtMs: Int64, zone: String, gain: GainDetail?)
    /// A glucose meter's HI result (`above` true) or LO result at `time` ("2026-11-26 14:02"), beyond `bound` mg/dL.
    case meterRange(above: Bool, time: String, bound: Double)
    /// A reading over the watch's threshold: the reading, its value and the threshold (in the reading's unit), the
    /// time of day ("15:00"), and the medication the watch suggests thinking of.
    case readingWatch(reading: WatchedReading, value: Double, threshold: Double, time: String, medication: String?)
    /// A reward: the goal, what was achieved, the badge the goal earns when met, the points and the period's key.
    case reward(goal: GoalKind, achievement: Achievement, badge: Badge, points: Int, period: String)
    /// A goal half-way to being met in the period `period`; `fraction` of it done.
    case halfWay(goal: GoalKind, period: String, fraction: Double)
    /// A reminder rule for a medication, answered with the rule's id.
    case medicationReminder(name: String, rule: Int64)
    /// A reminder rule to weigh, answered with the rule's id.
    case weighingReminder(rule: Int64)
    /// A scheduled dose due at `time` ("08:00").
    case doseDue(name: String, time: String)
    /// A dose due at `time` with no answer after `minutes`, for the caregiver.
    case doseNotTaken(name: String, time: String, minutes: Int)
    /// A phosphate binder not logged with the meal eaten at `mealTime` ("12:30").
    case binderWithMeal(name: String, mealTime: String)
    /// An advice rule's firing: the rule and its version, how much it matters, how far its source was checked, the
    /// citation, and the facts that made it fire (numbers written as `AdviceNumber` writes them).
    case advice(
        rule: String,
        version: Int,
        severity: AdviceSeverity,
        verification: RuleSource.Verification,
        citation: String,
        facts: [String: String]
    )
    /// The month's report card (`2026-10`) is ready.
    case reportCardReady(month: String)
    /// A USB device was read: new patient readings by kind (`blood_glucose`), control-solution tests kept apart,
    /// results beyond the meter's range, and readings flagged because the meter's clock looked wrong.
    case usbImport(
        device: String,
        readings: [String: Int],
        controlSolution: Int,
        beyondMeterRange: Int,
        clockSuspect: Int
    )
    /// A USB device left before it was read; nothing was stored from it.
    case usbUnplugged(device: String)
    /// The adapter `adapter` could not read a USB device.
    case usbUnreadable(device: String, adapter: String)

    /// The kilograms behind an interdialytic gain: gained before the session of `session`, `percent` of dry weight.
    public struct GainDetail: Sendable, Hashable, Codable {
        /// Kilograms gained.
        public var kilograms: Double
        /// The session's day (`2026-11-26`).
        public var session: String
        /// The gain in % of dry weight.
        public var percent: Double

        /// A gain from its parts.
        public init(kilograms: Double, session: String, percent: Double) {
            self.kilograms = kilograms
            self.session = session
            self.percent = percent
        }
    }
}
