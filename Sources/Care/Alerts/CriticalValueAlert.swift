import Foundation
import HubCore

/// The notification for a value beyond a critical threshold: the title names the analyte, the value with its unit
/// and how bad it is; the body says when it was taken (on the profile's clock), the limit and its source, what to do,
/// and the limit's review status.
public enum CriticalValueAlert {
    /// The draft for `value` (in the threshold's unit) taken at `takenAtMs`; `gain` adds a sentence after the time
    /// (the kilograms behind a gain); `key` makes it appear once.
    public static func draft(
        _ threshold: CriticalThreshold,
        value: Double,
        takenAtMs: Int64,
        timeZone: TimeZone,
        gain: NotificationMessage.GainDetail? = nil,
        key: String
    ) -> NotificationDraft {
        let unit = UnitDisplayName.text(threshold.unit)
        let direction = threshold.direction == .atOrAbove ? "high" : "low"
        let level = threshold.severity == .emergency ? "dangerously \(direction)" : "too \(direction)"
        let limit = "\(number(threshold.limit, unit: threshold.unit)) \(unit)"
        let bound = threshold.direction == .atOrAbove ? "at \(limit) or more" : "below \(limit)"
        var body = "Taken \(wallClock(takenAtMs, in: timeZone)) (\(timeZone.identifier))."
        if let gain {
            body += String(
                format: " %.1f kg gained before the session of %@ (%.1f %% of your dry weight).",
                gain.kilograms,
                gain.session,
                gain.percent
            )
        }
        body += " Alert \(bound): \(threshold.source). What to do: \(threshold.action) \(threshold.review)"
        return NotificationDraft(
            type: .alert,
            title: "\(threshold.analyteName) \(number(value, unit: threshold.unit)) \(unit): \(level)",
            body: body,
            dedupeKey: key,
            message: .criticalValue(
                threshold: threshold.id,
                value: value,
                takenAtMs: takenAtMs,
                zone: timeZone.identifier,
                gain: gain
            )
        )
    }

    /// A value rounded for its unit: mmHg and mg/dL whole, mmol/L and % to 0.1.
    public static func number(_ value: Double, unit: String) -> String {
        switch unit {
        case "mm[Hg]", "mg/dL": String(Int((value).rounded()))
        default: String(format: "%.1f", value)
        }
    }

    /// "2026-11-26 14:02" on the zone's wall clock.
    public static func wallClock(_ epochMilliseconds: Int64, in timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: Double(epochMilliseconds) / 1000))
    }
}
