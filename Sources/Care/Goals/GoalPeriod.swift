import Clinical
import Foundation

/// How often a goal is assessed: each local day, ISO week (Monday to Sunday), calendar month, or once, by a date.
public enum GoalPeriod: Sendable, Hashable, Codable, CustomStringConvertible {
    case day
    case week
    case month
    /// Reached at any time up to and including this local date.
    case until(CalendarDate)

    /// Reads `day`, `week`, `month` or `until:YYYY-MM-DD`.
    public init(parsing text: String) throws(GoalFieldError) {
        switch text {
        case "day": self = .day
        case "week": self = .week
        case "month": self = .month
        default:
            guard text.hasPrefix("until:") else {
                throw GoalFieldError(field: "period", reason: "'\(text)' is not day, week, month or until:YYYY-MM-DD")
            }
            do {
                self = .until(try CalendarDate(parsing: String(text.dropFirst("until:".count))))
            } catch {
                throw GoalFieldError(field: "period", reason: "\(error)")
            }
        }
    }

    /// `day`, `week`, `month` or `until:YYYY-MM-DD`.
    public var description: String {
        switch self {
        case .day: "day"
        case .week: "week"
        case .month: "month"
        case .until(let date): "until:\(date)"
        }
    }

    /// The window of this period that contains `date`.
    public func window(containing date: CalendarDate) -> PeriodWindow {
        switch self {
        case .day:
            return PeriodWindow(key: "day:\(date)", first: date, last: date)
        case .week:
            let monday = date.adding(days: 1 - date.weekday.isoNumber)
            return PeriodWindow(key: "week:\(monday)", first: monday, last: monday.adding(days: 6))
        case .month:
            let (year, month, _) = date.components
            let first = date.adding(days: 1 - date.components.day)
            let next = month == 12 ? (year + 1, 1) : (year, month + 1)
            let last = ((try? CalendarDate(year: next.0, month: next.1, day: 1)) ?? first.adding(days: 31))
                .adding(days: -1)
            let monthText = month < 10 ? "0\(month)" : "\(month)"
            return PeriodWindow(key: "month:\(year)-\(monthText)", first: first, last: last)
        case .until(let end):
            return PeriodWindow(key: "until:\(end)", first: CalendarDate(daysSinceEpoch: Int.min / 2), last: end)
        }
    }

    /// True when `date` is the last day of its window: the day whose end closes the period.
    public func closes(on date: CalendarDate) -> Bool {
        window(containing: date).last == date
    }
}

/// One assessment window of a goal: local dates from `first` to `last`, both included, and its stable key.
public struct PeriodWindow: Sendable, Hashable, Codable {
    /// `day:2026-11-16`, `week:2026-11-16` (its Monday), `month:2026-11` or `until:2026-12-31`: half of a reward's key.
    public let key: String
    /// The first local date of the window.
    public let first: CalendarDate
    /// The last local date of the window.
    public let last: CalendarDate

    /// A window from its parts.
    public init(key: String, first: CalendarDate, last: CalendarDate) {
        self.key = key
        self.first = first
        self.last = last
    }

    /// The number of local days in the window.
    public var dayCount: Int { last.daysSinceEpoch - first.daysSinceEpoch + 1 }

    /// The window as UTC instants in `timeZone`: start inclusive, end exclusive (local midnights).
    public func instants(in timeZone: TimeZone) -> (startMs: Int64, endMs: Int64) {
        (GoalCalendar.startOfDay(first, in: timeZone), GoalCalendar.startOfDay(last.adding(days: 1), in: timeZone))
    }
}
