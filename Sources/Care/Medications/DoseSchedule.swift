import Clinical
import Foundation

/// The doses due on a day, from active orders and the patient's day: a pure function.
///
/// Times come from `timeOfDay`, else from `when` events placed on the routine (a logged meal's time replaces the
/// routine's meal time that day; AC* minus the offset, the others plus it), else from dialysis sessions (KidneyHub's
/// extension), else spread by frequency: n doses a day from waking to bed, or every k hours from waking. As-needed
/// dosages, orders that are not active, and periods in minutes or seconds have no schedule. `count` is shown in the
/// instructions but does not end a schedule (bounds do). Wall-clock times hold on days the clocks change.
public enum DoseSchedule {
    /// The doses due on `day`, earliest first.
    public static func doses(for orders: [MedicationOrder], on day: CalendarDate, patient: PatientDay)
        -> [ScheduledDose]
    {
        var doses: [ScheduledDose] = []
        for order in orders where order.status.isActive {
            for (index, dosage) in order.dosages.enumerated() where dosage.asNeeded == nil {
                guard appliesOn(day, order: order, dosage: dosage, patient: patient) else { continue }
                for (slot, time) in times(of: dosage, on: day, patient: patient) {
                    doses.append(
                        ScheduledDose(
                            orderId: order.id,
                            dosageIndex: index,
                            date: day,
                            slot: slot,
                            time: time,
                            dueAtMs: WallClock.instant(day, time, in: patient.timeZone)
                        )
                    )
                }
            }
        }
        return doses.sorted { ($0.dueAtMs, $0.slot) < ($1.dueAtMs, $1.slot) }
    }

    /// The doses due from `first` through `last`, earliest first.
    public static func doses(
        for orders: [MedicationOrder],
        from first: CalendarDate,
        through last: CalendarDate,
        patient: PatientDay
    ) -> [ScheduledDose] {
        guard first <= last else { return [] }
        return (first.daysSinceEpoch...last.daysSinceEpoch).flatMap {
            doses(for: orders, on: CalendarDate(daysSinceEpoch: $0), patient: patient)
        }
    }

    /// True when the dosage has doses on `day`: within the order's dates and bounds, on its weekdays and dialysis
    /// days, and on a day its period (every 2 days, every 2 weeks, monthly) falls on.
    static func appliesOn(_ day: CalendarDate, order: MedicationOrder, dosage: DosageInstruction, patient: PatientDay)
        -> Bool
    {
        let timing = dosage.timing ?? TimingRepeat()
        if let authored = order.authoredOn, day < authored { return false }
        switch timing.bounds {
        case .period(let start, let end):
            if let start, day < start { return false }
            if let end, day > end { return false }
        case .duration(let value, let unit):
            if let authored = order.authoredOn, day >= courseEnd(from: authored, value, unit) { return false }
        case nil: break
        }
        if !timing.dayOfWeek.isEmpty, !timing.dayOfWeek.contains(day.weekday) { return false }
        if let days = dosage.dialysis?.days {
            let isDialysisDay = patient.dialysis?.weekdays.contains(day.weekday) ?? false
            if (days == .dialysis) != isDialysisDay { return false }
        }
        return fallsOnPeriod(day, timing: timing, anchor: order.authoredOn ?? boundsStart(timing))
    }

    private static func boundsStart(_ timing: TimingRepeat) -> CalendarDate? {
        if case .period(let start?, _) = timing.bounds { return start }
        return nil
    }

    /// The first day after a course of `value` `unit` starting on `start`.
    static func courseEnd(from start: CalendarDate, _ value: Double, _ unit: TimingUnit) -> CalendarDate {
        let days: Double =
            switch unit {
            case .second: value / 86_400
            case .minute: value / 1_440
            case .hour: value / 24
            case .day: value
            case .week: value * 7
            case .month: value * 30.4375  // the mean Gregorian month
            case .year: value * 365.2425  // the mean Gregorian year
            }
        return start.adding(days: max(1, Int(days.rounded(.up))))
    }

    private static func fallsOnPeriod(_ day: CalendarDate, timing: TimingRepeat, anchor: CalendarDate?) -> Bool {
        guard let period = timing.period, let unit = timing.periodUnit else { return true }
        let every = max(1, Int(period.rounded()))
        let start = anchor ?? CalendarDate(daysSinceEpoch: 0)
        let elapsed = day.daysSinceEpoch - start.daysSinceEpoch
        switch unit {
        case .second, .minute, .hour: return true
        case .day: return elapsed.isMultiple(of: every)
        case .week:
            if timing.dayOfWeek.isEmpty { return elapsed.isMultiple(of: 7 * every) }
            let weeks = (mondayOf(day).daysSinceEpoch - mondayOf(start).daysSinceEpoch) / 7
            return weeks.isMultiple(of: every)
        case .month:
            let (year, month, date) = day.components
            let (startYear, startMonth, startDate) = start.components
            let months = (year - startYear) * 12 + month - startMonth
            return date == min(startDate, daysInMonth(of: day)) && months.isMultiple(of: every)
        case .year:
            let (year, month, date) = day.components
            let (startYear, startMonth, startDate) = start.components
            return month == startMonth && date == startDate && (year - startYear).isMultiple(of: every)
        }
    }

    private static func mondayOf(_ day: CalendarDate) -> CalendarDate { day.adding(days: 1 - day.weekday.isoNumber) }

    private static func daysInMonth(of day: CalendarDate) -> Int {
        GoalPeriod.month.window(containing: day).dayCount
    }

    /// The slots and wall-clock times of a dosage's doses on `day` (before the day filter's verdict).
    static func times(of dosage: DosageInstruction, on day: CalendarDate, patient: PatientDay) -> [(String, LocalTime)]
    {
        let timing = dosage.timing ?? TimingRepeat()
        var result: [(String, LocalTime)] = timing.timeOfDay.map { ($0.description, $0) }
        let meals = patient.loggedMeals[day] ?? [:]
        for event in timing.when {
            result += EventClock.times(of: event, offset: timing.offset ?? 0, routine: patient.routine, meals: meals)
        }
        if let dialysis = dosage.dialysis, let event = dialysis.event {
            let sessions = patient.dialysis?.sessions(on: day.weekday) ?? []
            for (index, session) in sessions.enumerated() {
                let offset = dialysis.offsetMinutes ?? 0
                let minutes =
                    event == .afterDialysis
                    ? session.end.minutesSinceMidnight + offset : session.start.minutesSinceMidnight - offset
                let slot = index == 0 ? event.rawValue : "\(event.rawValue)#\(index + 1)"
                result.append((slot, LocalTime(wallClockMinutes: minutes)))
            }
        }
        if timing.timeOfDay.isEmpty, timing.when.isEmpty, dosage.dialysis?.event == nil {
            result = spread(timing, routine: patient.routine)
        }
        return result
    }

    /// Doses by frequency alone: n a day from waking to bed, or every k hours from waking.
    private static func spread(_ timing: TimingRepeat, routine: DailyRoutine) -> [(String, LocalTime)] {
        guard let period = timing.period, let unit = timing.periodUnit else { return [] }
        let perPeriod = max(1, timing.frequency ?? 1)
        let wake = routine.wake.minutesSinceMidnight
        var minutes: [Int]
        switch unit {
        case .second, .minute:
            return []
        case .hour:
            let interval = max(1, Int((period * 60 / Double(perPeriod)).rounded()))
            minutes = stride(from: 0, to: 1440, by: interval).map { (wake + $0) % 1440 }.sorted()
        case .day, .week, .month, .year:
            // Several doses a day are spread evenly from waking to bed; a single dose is taken on waking.
            let count = unit == .day && period == 1 ? perPeriod : 1
            let span = routine.bed.minutesSinceMidnight - wake
            minutes = count == 1 ? [wake] : (0..<count).map { wake + span * $0 / (count - 1) }
        }
        return minutes.enumerated().map { ("dose-\($0.offset + 1)", LocalTime(wallClockMinutes: $0.element)) }
    }
}
