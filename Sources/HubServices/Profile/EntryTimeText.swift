import Clinical
import Foundation
import HubCore

/// When an entry was taken, as a person types it: the one reader of local times on the profile's clock.
public enum EntryTimeText {
    /// Why the text is not a time; the description names the text and what is accepted.
    public struct Problem: UserFacingError, Sendable, CustomStringConvertible {
        /// What was wrong and what is accepted.
        public var description: String
        /// The same as data, for a front end in another language.
        public var userMessage: UserMessage?
    }

    /// The RFC 3339 time of an entry: `text` as an RFC 3339 time with offset, or a local `YYYY-MM-DDTHH:MM` (or with
    /// a space) on the profile's clock; now on the profile's clock when nil.
    public static func rfc3339(_ text: String?, profile: PatientProfile, now: Int64) throws(Problem) -> String {
        let zone: TimeZone
        do {
            zone = try profile.timeZone()
        } catch {
            throw Problem(
                description: "\(error.reason) (fix it with `kidneyhub profile set --time-zone`)",
                userMessage: UserMessage(.timeZoneUnusable, [])
            )
        }
        guard let text = text?.trimmingCharacters(in: .whitespaces) else {
            return format(now, in: zone)
        }
        if (try? RFC3339.parse(text)) != nil { return text }
        let parts = text.split(whereSeparator: { $0 == "T" || $0 == " " })
        guard parts.count == 2, let day = try? CalendarDate(parsing: String(parts[0])),
            let time = try? LocalTime(parsing: String(parts[1]))
        else {
            throw Problem(
                description: "--at: '\(text)' is neither an RFC 3339 time with offset (e.g. 2026-11-17T07:10:00+01:00) "
                    + "nor a local time YYYY-MM-DDTHH:MM (e.g. 2026-11-17T07:10, in \(zone.identifier))",
                userMessage: UserMessage(.notATime, [.field("at"), .text(text)])
            )
        }
        guard let instant = instant(day, time, in: zone) else {
            throw Problem(
                description: "--at: '\(text)' does not exist in \(zone.identifier)",
                userMessage: UserMessage(.timeNotOnClock, [.field("at"), .text(text)])
            )
        }
        return format(instant, in: zone)
    }

    /// The instant (UTC epoch ms) of a local date and time on `zone`'s wall clock; nil when the calendar has no such
    /// time there.
    static func instant(_ day: CalendarDate, _ time: LocalTime, in zone: TimeZone) -> Int64? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let (year, month, dayOfMonth) = day.components
        let components = DateComponents(year: year, month: month, day: dayOfMonth, hour: time.hour, minute: time.minute)
        return calendar.date(from: components).map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
    }

    private static func format(_ epochMilliseconds: Int64, in zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(epochMilliseconds) / 1000))
        return RFC3339.format(epochMilliseconds: epochMilliseconds, utcOffsetSeconds: offset)
    }
}
