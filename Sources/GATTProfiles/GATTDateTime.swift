import CivilTime
import Foundation

/// The Date Time characteristic 0x2A08 (7 bytes): year u16, month, day, hours, minutes, seconds
/// (`org.bluetooth.characteristic.date_time.xml`). It has no time zone: it is the device's local wall time.
/// Year, month and day 0 mean "not known".
public struct GATTDateTime: Sendable, Hashable, CustomStringConvertible {
    public static let byteCount = 7

    public var year: Int
    public var month: Int
    public var day: Int
    public var hours: Int
    public var minutes: Int
    public var seconds: Int

    public init(year: Int, month: Int, day: Int, hours: Int, minutes: Int, seconds: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
    }

    /// Decodes exactly seven bytes; fields outside the XML's ranges are refused.
    public init(bytes: [UInt8]) throws(GATTDecodingError) {
        guard bytes.count == Self.byteCount else {
            throw GATTDecodingError(
                characteristic: "Date Time 0x2A08",
                reason: "needs 7 bytes, got \(bytes.count)",
                bytes: bytes
            )
        }
        year = Int(bytes[0]) | Int(bytes[1]) << 8
        month = Int(bytes[2])
        day = Int(bytes[3])
        hours = Int(bytes[4])
        minutes = Int(bytes[5])
        seconds = Int(bytes[6])
        // Ranges: date_time.xml (year 1582–9999 or 0, month 1–12 or 0, day 1–31 or 0, hours 0–23, minutes and
        // seconds 0–59).
        let problems = [
            (year == 0 || (1582...9999).contains(year)) ? nil : "year \(year)",
            (0...12).contains(month) ? nil : "month \(month)",
            (0...31).contains(day) ? nil : "day \(day)",
            (0...23).contains(hours) ? nil : "hours \(hours)",
            (0...59).contains(minutes) ? nil : "minutes \(minutes)",
            (0...59).contains(seconds) ? nil : "seconds \(seconds)",
        ].compactMap { $0 }
        if !problems.isEmpty {
            throw GATTDecodingError(
                characteristic: "Date Time 0x2A08",
                reason: "out of range: " + problems.joined(separator: ", "),
                bytes: bytes
            )
        }
    }

    /// Whether year, month and day are all known.
    public var isComplete: Bool { year != 0 && month != 0 && day != 0 }

    /// The seven bytes, for writing the device clock.
    public var bytes: [UInt8] {
        [
            UInt8(year & 0xFF), UInt8(year >> 8), UInt8(month), UInt8(day), UInt8(hours), UInt8(minutes),
            UInt8(seconds),
        ]
    }

    /// `YYYY-MM-DDTHH:MM:SS`, local wall time without an offset.
    public var description: String {
        let pad = CivilCalendar.zeroPadded
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hours, 2)):\(pad(minutes, 2)):\(pad(seconds, 2))"
    }

    /// Adds minutes (the Glucose Measurement time offset) through the proleptic Gregorian calendar.
    public func adding(minutes offset: Int) -> GATTDateTime {
        guard offset != 0, isComplete else { return self }
        let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
        let total = ((days * 24 + hours) * 60 + minutes) + offset
        let dayCount = Int((Double(total) / 1440).rounded(.down))
        let minuteOfDay = total - dayCount * 1440
        let (y, m, d) = CivilCalendar.civilFromDays(dayCount)
        return GATTDateTime(
            year: y,
            month: m,
            day: d,
            hours: minuteOfDay / 60,
            minutes: minuteOfDay % 60,
            seconds: seconds
        )
    }
}

extension GATTDateTime {
    /// This wall time as RFC 3339 with the offset it had in `timeZone`; nil when incomplete, or when no such time
    /// exists there (31 February, or a time in a spring-forward gap: `Calendar` would move either to a real time
    /// instead of failing, so a time that reads back differently is refused).
    public func rfc3339(in timeZone: TimeZone) -> String? {
        guard isComplete else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(
            year: year,
            month: month,
            day: day,
            hour: hours,
            minute: minutes,
            second: seconds
        )
        guard let date = calendar.date(from: components) else { return nil }
        let back = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        guard
            [back.year, back.month, back.day, back.hour, back.minute, back.second] == [
                year, month, day, hours, minutes, seconds,
            ]
        else { return nil }
        let offset = timeZone.secondsFromGMT(for: date)
        let minutesOffset = abs(offset) / 60
        return description + (offset < 0 ? "-" : "+")
            + String(format: "%02d:%02d", minutesOffset / 60, minutesOffset % 60)
    }
}
