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
        var body = "Taken \(LocalMinute.text(takenAtMs, in: timeZone)) (\(timeZone.identifier))."
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
        digits(for: unit) == 0 ? String(Int(value.rounded())) : String(format: "%.1f", value)
    }

    /// The decimals an alert shows in `unit`: none for mmHg and mg/dL, one for mmol/L and %.
    public static func digits(for unit: String) -> Int { ["mm[Hg]", "mg/dL"].contains(unit) ? 0 : 1 }
}
