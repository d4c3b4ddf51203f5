import Clinical
import Foundation

/// One dose due: which order and dosage, the local day, the slot it fills that day, and when.
///
/// `slot` names the dose within its day and dosage (`ACM`, `08:00`, `C@lunch`, `after-dialysis`, `dose-2`) and stays
/// the same when a logged meal moves its time, so a dose log entry finds its dose by (order, dosage, date, slot).
public struct ScheduledDose: Sendable, Hashable, Codable {
    public var orderId: UUID
    public var dosageIndex: Int
    public var date: CalendarDate
    public var slot: String
    /// The wall-clock time in the profile's zone.
    public var time: LocalTime
    /// The instant (UTC epoch ms).
    public var dueAtMs: Int64

    /// A dose from its parts.
    public init(orderId: UUID, dosageIndex: Int, date: CalendarDate, slot: String, time: LocalTime, dueAtMs: Int64) {
        self.orderId = orderId
        self.dosageIndex = dosageIndex
        self.date = date
        self.slot = slot
        self.time = time
        self.dueAtMs = dueAtMs
    }

    /// The dose's key in the log: `order/dosage/date/slot`.
    public var key: DoseKey { DoseKey(orderId: orderId, dosageIndex: dosageIndex, date: date, slot: slot) }
}

/// What identifies a scheduled dose in the log.
public struct DoseKey: Sendable, Hashable, Codable {
    public var orderId: UUID
    public var dosageIndex: Int
    public var date: CalendarDate
    public var slot: String

    /// A key from its parts.
    public init(orderId: UUID, dosageIndex: Int, date: CalendarDate, slot: String) {
        self.orderId = orderId
        self.dosageIndex = dosageIndex
        self.date = date
        self.slot = slot
    }
}

/// What the schedule needs of the patient: her routine, dialysis schedule, time zone, and the meals she logged.
public struct PatientDay: Sendable {
    public var routine: DailyRoutine
    public var dialysis: DialysisSchedule?
    public var timeZone: TimeZone
    /// The logged time of each meal per local day (the earliest entry of that meal); "with meals" follows these.
    public var loggedMeals: [CalendarDate: [Meal: LocalTime]]

    /// The patient's day from its parts.
    public init(
        routine: DailyRoutine = .standard,
        dialysis: DialysisSchedule? = nil,
        timeZone: TimeZone,
        loggedMeals: [CalendarDate: [Meal: LocalTime]] = [:]
    ) {
        self.routine = routine
        self.dialysis = dialysis
        self.timeZone = timeZone
        self.loggedMeals = loggedMeals
    }
}
