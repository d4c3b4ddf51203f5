import Clinical
import Foundation

/// Whether the potassium labs allow the fruit-and-vegetable goal (issue 9: guard against hyperkalemia): the latest
/// serum potassium must be known, recent and not high.
///
/// - Not high: ≤ 5.0 mmol/L, the top of the normal range (nutrition.md §2.8: 3.5–5.0 mmol/L, KDOQI 2020 [R8], [R30])
///   and the level above which nutrition starts a potassium budget (§2.3 app rule, `DailyLimits`).
/// - Recent: taken within the last 90 days. KDOQI 2020 asks to adjust potassium intake to keep serum potassium
///   normal (§2.3 [R8]) but sets no interval; 90 days is a product choice, the quarterly labs of CKD G3–G4 follow-up.
/// An existing goal is not rewarded while the latest potassium (however old) is high; it is kept, and rewarded again
/// once a normal result comes.
public enum PotassiumGate {
    /// The lab id.
    public static let analyte = "potassium"
    /// The highest potassium (mmol/L) that allows the goal (nutrition.md §2.8, KDOQI 2020 [R8]).
    public static let maximumMillimolesPerLiter = DailyLimits.potassiumLabThresholdMillimolesPerLiter
    /// How many days old the latest potassium may be (product choice, see above).
    public static let recentDays = 90

    /// Why the goal is not offered.
    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// No potassium result at all.
        case noResult
        /// The latest result is older than `recentDays`.
        case notRecent(millimolesPerLiter: Double, on: CalendarDate)
        /// The latest result is above `maximumMillimolesPerLiter`.
        case high(millimolesPerLiter: Double, on: CalendarDate)

        public var description: String {
            switch self {
            case .noResult:
                return
                    "no potassium result is recorded; add a recent one (`kidneyhub labs add`) or ask your care team first"
            case .notRecent(let value, let date):
                return "your last potassium was \(format(value)) mmol/L on \(date), more than "
                    + "\(recentDays) days ago; have it checked or ask your care team first"
            case .high(let value, let date):
                return "your last potassium was \(format(value)) mmol/L on \(date), above "
                    + "\(format(maximumMillimolesPerLiter)) mmol/L; ask your care team first"
            }
        }
    }

    /// Throws why the goal may not be set at `atMs`, given the latest potassium result (mmol/L) before then.
    public static func check(latest: GoalData.Reading?, atMs: Int64, timeZone: TimeZone) throws(Refusal) {
        guard let latest else { throw .noResult }
        let date = GoalCalendar.date(at: latest.atMs, in: timeZone)
        if isHigh(latest.value) { throw .high(millimolesPerLiter: latest.value, on: date) }
        let today = GoalCalendar.date(at: atMs, in: timeZone)
        if today.daysSinceEpoch - date.daysSinceEpoch > recentDays {
            throw .notRecent(millimolesPerLiter: latest.value, on: date)
        }
    }

    /// A potassium as lab reports show it, with one decimal (the catalog's decimals for mmol/L).
    public static func format(_ millimolesPerLiter: Double) -> String { String(format: "%.1f", millimolesPerLiter) }

    /// True when a potassium (mmol/L) is above the gate's maximum.
    public static func isHigh(_ millimolesPerLiter: Double) -> Bool { millimolesPerLiter > maximumMillimolesPerLiter }
}
