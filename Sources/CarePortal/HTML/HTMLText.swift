import Charts
import Foundation

/// Text made safe for HTML element content and quoted attribute values (`markupEscaped`).
func esc(_ text: String) -> String { markupEscaped(text) }

/// Times as the portal prints them: UTC, to the minute, with the zone named (the clinic reads many patients' hubs).
enum PortalTime {
    static func text(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d UTC",
            c.year ?? 0,
            c.month ?? 0,
            c.day ?? 0,
            c.hour ?? 0,
            c.minute ?? 0
        )
    }
}
