import Clinical
import Foundation

/// How a period's doses went: scheduled, taken, taken on time.
public struct AdherenceFigure: Sendable, Hashable, Codable {
    /// A figure from its parts.
    public init(key: String, first: CalendarDate, last: CalendarDate, scheduled: Int, taken: Int, onTime: Int) {
        self.key = key
        self.first = first
        self.last = last
        self.scheduled = scheduled
        self.taken = taken
        self.onTime = onTime
    }

    /// `day:2026-11-16`, `week:2026-11-16` (its Monday), `month:2026-11` or `year:2026`.
    public var key: String
    public var first: CalendarDate
    public var last: CalendarDate
    public var scheduled: Int
    public var taken: Int
    /// Taken within `Adherence.onTimeWindowMinutes` of the time due.
    public var onTime: Int
    /// Taken ÷ scheduled in percent; nil when nothing was scheduled.
    public var percentTaken: Double? { scheduled == 0 ? nil : Double(taken) * 100 / Double(scheduled) }
    /// On time ÷ scheduled in percent; nil when nothing was scheduled.
    public var percentOnTime: Double? { scheduled == 0 ? nil : Double(onTime) * 100 / Double(scheduled) }
}

/// The groups adherence is shown in (the medication tutorial's chart groups).
public enum AdherenceGrouping: String, Sendable, Hashable, Codable, CaseIterable {
    case day, week, month, year

    /// The key and the first and last day of the group holding `date` (ISO weeks, Monday first).
    public func window(containing date: CalendarDate) -> (key: String, first: CalendarDate, last: CalendarDate) {
        switch self {
        case .day, .week, .month:
            let period: GoalPeriod = self == .day ? .day : self == .week ? .week : .month
            let window = period.window(containing: date)
            return (window.key, window.first, window.last)
        case .year:
            let year = date.components.year
            let first = (try? CalendarDate(year: year, month: 1, day: 1)) ?? date
            let last = (try? CalendarDate(year: year, month: 12, day: 31)) ?? date
            return ("year:\(year)", first, last)
        }
    }
}

/// Adherence from the schedule and the log: pure functions.
public enum Adherence {
    /// A dose counts as on time when taken within an hour either side of its time (product choice, in line with a
    /// caregiver being alerted about an hour after a missed dose, as Medisafe does).
    public static let onTimeWindowMinutes = 60

    /// The latest entry per scheduled dose; entries marked entered in error are left out, so the one before counts.
    public static func answers(_ log: [DoseRecord]) -> [DoseKey: DoseRecord] {
        var latest: [DoseKey: DoseRecord] = [:]
        for record in log.sorted(by: { $0.recordedAtMs < $1.recordedAtMs }) {
            guard let key = record.dose, record.status != .enteredInError else { continue }
            latest[key] = record
        }
        return latest
    }

    /// Figures per group, oldest first, for the doses `scheduled` (already limited to one order or not).
    public static func figures(scheduled: [ScheduledDose], log: [DoseRecord], by grouping: AdherenceGrouping)
        -> [AdherenceFigure]
    {
        let answered = answers(log)
        var byKey: [String: AdherenceFigure] = [:]
        for dose in scheduled {
            let window = grouping.window(containing: dose.date)
            var figure =
                byKey[window.key]
                ?? AdherenceFigure(
                    key: window.key,
                    first: window.first,
                    last: window.last,
                    scheduled: 0,
                    taken: 0,
                    onTime: 0
                )
            figure.scheduled += 1
            if let answer = answered[dose.key], answer.status == .taken, let at = answer.takenAtMs {
                figure.taken += 1
                if abs(at - dose.dueAtMs) <= Int64(onTimeWindowMinutes) * 60_000 { figure.onTime += 1 }
            }
            byKey[window.key] = figure
        }
        return byKey.values.sorted { $0.first < $1.first }
    }

    /// The figure over every dose given.
    public static func overall(scheduled: [ScheduledDose], log: [DoseRecord]) -> AdherenceFigure? {
        guard let first = scheduled.map(\.date).min(), let last = scheduled.map(\.date).max() else { return nil }
        let parts = figures(scheduled: scheduled, log: log, by: .day)
        return AdherenceFigure(
            key: "all",
            first: first,
            last: last,
            scheduled: parts.reduce(0) { $0 + $1.scheduled },
            taken: parts.reduce(0) { $0 + $1.taken },
            onTime: parts.reduce(0) { $0 + $1.onTime }
        )
    }

    /// The days on which every scheduled dose was taken, oldest first (for streaks and goals).
    public static func fullDays(scheduled: [ScheduledDose], log: [DoseRecord]) -> [CalendarDate] {
        figures(scheduled: scheduled, log: log, by: .day).filter { $0.scheduled > 0 && $0.taken == $0.scheduled }
            .map(\.first)
    }
}
