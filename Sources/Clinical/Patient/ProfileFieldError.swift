import HubCore

/// Why a profile value was refused: the field at fault and what is wrong, naming what is accepted.
public struct ProfileFieldError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The dotted field name, for example `heightCentimeters` or `dialysisSchedule.sessions[1]`.
    public let field: String
    /// What is wrong.
    public let problem: Problem

    /// An error for a field.
    public init(field: String, problem: Problem) {
        self.field = field
        self.problem = problem
    }

    /// The ways a profile value can be wrong.
    public enum Problem: Sendable, Equatable {
        /// A number outside its accepted range, in the unit named.
        case outOfRange(Double, accepted: ClosedRange<Double>, unit: String)
        /// A number that is NaN or infinite.
        case notFinite(Double)
        /// A text that must not be empty (or only spaces) is.
        case empty
        /// A text longer than allowed, in characters.
        case tooLong(Int, maximum: Int)
        /// A word that is not one of the accepted ones.
        case unknownValue(String, accepted: [String])
        /// A date after today.
        case dateInFuture(CalendarDate, today: CalendarDate)
        /// A date of birth giving an age above the maximum.
        case tooOld(age: Int, maximum: Int)
        /// A time zone identifier Foundation's `TimeZone` does not know.
        case unknownTimeZone(String)
        /// A dialysis schedule without sessions.
        case noSessions
        /// A session whose end is not after its start.
        case sessionEndsBeforeStart(DialysisSession)
        /// Two sessions on one weekday whose times overlap.
        case sessionsOverlap(DialysisSession, DialysisSession)
        /// A dialysis schedule on a profile whose disease category is not hemodialysis.
        case scheduleNeedsHemodialysis(DiseaseCategory?)
        /// A value that is not set but is needed for something.
        case notSet(neededFor: String)
        /// A routine time that is not after the one before it in the day (wake, breakfast, lunch, dinner, bed).
        case routineOutOfOrder(earlier: String, later: String)
    }

    /// `field: reason`.
    public var description: String { "\(field): \(reason)" }

    /// What is wrong and what is accepted, without the field name.
    public var reason: String {
        switch problem {
        case .outOfRange(let value, let accepted, let unit):
            "\(Self.number(value)) \(unit) is out of range (accepted: \(Self.number(accepted.lowerBound))–"
                + "\(Self.number(accepted.upperBound)) \(unit))"
        case .notFinite(let value):
            "\(value) is not a finite number"
        case .empty:
            "must not be empty"
        case .tooLong(let count, let maximum):
            "has \(count) characters (accepted: 1–\(maximum))"
        case .unknownValue(let text, let accepted):
            "unknown value '\(text)' (accepted: \(accepted.joined(separator: ", ")))"
        case .dateInFuture(let date, let today):
            "\(date) is in the future (accepted: a date on or before today, \(today))"
        case .tooOld(let age, let maximum):
            "gives an age of \(age) years (accepted: 0–\(maximum) years)"
        case .unknownTimeZone(let identifier):
            "unknown time zone '\(identifier)' (accepted: an IANA identifier such as Europe/Berlin, America/New_York or UTC)"
        case .noSessions:
            "has no sessions (accepted: at least one weekday with start and end, e.g. Tue 08:00–12:00)"
        case .sessionEndsBeforeStart(let session):
            "session \(session) does not end after it starts (accepted: end later than start on the same day)"
        case .sessionsOverlap(let session, let other):
            "session \(session) overlaps session \(other) (accepted: sessions on one day that do not overlap)"
        case .scheduleNeedsHemodialysis(let category):
            "a dialysis schedule needs disease category \(DiseaseCategory.hemodialysis.rawValue) (is "
                + "\(category?.rawValue ?? "not set")); remove the schedule or change the category"
        case .notSet(let purpose):
            "is not set (needed for \(purpose))"
        case .routineOutOfOrder(let earlier, let later):
            "\(later) must come after \(earlier) (accepted: wake, breakfast, lunch, dinner and bed in that order)"
        }
    }

    /// Whole numbers without a fraction, others as Swift prints them.
    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
