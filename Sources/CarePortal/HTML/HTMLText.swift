import Charts
import CivilTime
import Foundation

/// Text made safe for HTML element content and quoted attribute values (`markupEscaped`).
func esc(_ text: String) -> String { markupEscaped(text) }

/// Times as the portal prints them: UTC, to the minute, with the zone named (the clinic reads many patients' hubs).
package enum PortalTime {
    /// "2026-11-27 10:45 UTC". Civil arithmetic, not `Calendar`: the patient list prints one per patient, and
    /// `Calendar.dateComponents` with `String(format:)` were a quarter of that page's time in a release build.
    package static func text(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (day, second) = secondOfDay < 0 ? (days - 1, secondOfDay + 86_400) : (days, secondOfDay)
        let civil = CivilCalendar.civilFromDays(day)
        let padded = CivilCalendar.zeroPadded
        return "\(padded(civil.year, 4))-\(padded(civil.month, 2))-\(padded(civil.day, 2)) "
            + "\(padded(second / 3600, 2)):\(padded(second % 3600 / 60, 2)) UTC"
    }
}
