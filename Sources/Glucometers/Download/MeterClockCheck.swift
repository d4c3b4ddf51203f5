import Foundation

/// Whether a meter's clock can be trusted for its readings' times.
public enum MeterClockCheck {
    /// How far a meter clock may be from the computer's before its readings are flagged. Meters
    /// do not follow daylight saving and are set by hand, so an hour or two is ordinary; a day or
    /// more means the clock was reset or never set (our decision, docs/usb-glucometers.md).
    public static let tolerance: TimeInterval = 24 * 3600

    /// Why the clock is suspect, or nil when it is within `tolerance` of `now`.
    public static func problem(meterClock: MeterLocalTime?, now: Date, zone: TimeZone) -> String? {
        guard let meterClock else { return "the meter reports its clock as not set" }
        let difference = meterClock.date(in: zone).timeIntervalSince(now)
        guard abs(difference) > tolerance else { return nil }
        let hours = Int((abs(difference) / 3600).rounded())
        return
            "the meter's clock reads \(meterClock), \(hours) hours \(difference < 0 ? "behind" : "ahead of") this computer"
    }
}
