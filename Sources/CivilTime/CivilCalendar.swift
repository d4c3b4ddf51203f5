/// Proleptic Gregorian calendar arithmetic on day counts since 1970-01-01, without Foundation.
///
/// The algorithms are Howard Hinnant's `days_from_civil` and `civil_from_days`
/// (https://howardhinnant.github.io/date_algorithms.html): branch-light integer arithmetic that is exact for every
/// year, which is why the hot ingest path and the importers use them instead of `Calendar`. One copy for the hub and
/// the adapters' side alike (HubCore, GATTProfiles, Importers); `@inlinable` so the per-record callers in other modules
/// still inline them.
public enum CivilCalendar {
    /// Days from 1970-01-01 to the given date (negative before it); `month` is 1–12, `day` 1–31.
    @inlinable
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400  // [0, 399]
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1  // [0, 365], March-based
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear  // [0, 146096]
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date that lies `days` days after 1970-01-01.
    @inlinable
    public static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097  // [0, 146096]
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365  // [0, 399]
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // [0, 365]
        let monthPrime = (5 * dayOfYear + 2) / 153  // [0, 11], March-based
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// True for Gregorian leap years.
    @inlinable
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in a month (1–12) of a year.
    @inlinable
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// True when the date exists in the proleptic Gregorian calendar (no 30 February, no month 13).
    @inlinable
    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= daysInMonth(year: year, month: month)
    }
}
