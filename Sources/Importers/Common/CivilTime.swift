import Foundation

/// Calendar arithmetic on proleptic Gregorian dates and RFC 3339 text, without `DateFormatter`
/// (which is far too slow for millions of records).
public enum CivilTime {
    /// Days since 1970-01-01 of a calendar date (Howard Hinnant's `days_from_civil`, public domain).
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The calendar date of a day count since 1970-01-01 (`civil_from_days`).
    public static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// True when the date exists (no 30 February).
    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let length =
            switch month {
            case 2: leap ? 29 : 28
            case 4, 6, 9, 11: 30
            default: 31
            }
        return day <= length
    }

    /// Seconds since the Unix epoch of a wall-clock time read as UTC.
    public static func epochSeconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int64 {
        Int64(days(year: year, month: month, day: day)) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// RFC 3339 text of an instant shown at `offsetSeconds` from UTC: `2024-03-15T07:00:00+01:00`, or `Z` for 0.
    ///
    /// Written into a fixed 25-byte buffer: importers format two of these per record, millions of times.
    public static func rfc3339(epochSeconds: Int64, offsetSeconds: Int) -> String {
        let local = epochSeconds + Int64(offsetSeconds)
        var days = Int(local / 86_400)
        var secondsOfDay = Int(local % 86_400)
        if secondsOfDay < 0 {
            secondsOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = date(days: days)
        // Years outside 0–9999 do not fit RFC 3339's four digits; no export holds one.
        guard (0...9999).contains(year) else { return "\(year)-\(month)-\(day)" }
        let minutesOffset = abs(offsetSeconds) / 60
        return String(unsafeUninitializedCapacity: 25) { buffer in
            var index = 0
            func put(_ value: Int, _ width: Int) {
                var remaining = value
                for place in stride(from: width - 1, through: 0, by: -1) {
                    buffer[index + place] = UInt8(truncatingIfNeeded: 0x30 + remaining % 10)
                    remaining /= 10
                }
                index += width
            }
            func put(_ byte: Unicode.Scalar) {
                buffer[index] = UInt8(ascii: byte)
                index += 1
            }
            put(year, 4)
            put("-")
            put(month, 2)
            put("-")
            put(day, 2)
            put("T")
            put(secondsOfDay / 3600, 2)
            put(":")
            put(secondsOfDay / 60 % 60, 2)
            put(":")
            put(secondsOfDay % 60, 2)
            if offsetSeconds == 0 {
                put("Z")
            } else {
                put(offsetSeconds < 0 ? "-" : "+")
                put(minutesOffset / 60, 2)
                put(":")
                put(minutesOffset % 60, 2)
            }
            return index
        }
    }

    /// The UTC offset of a zone at a wall-clock time in it (the earlier reading in a fall-back hour,
    /// the shifted one in a spring-forward gap, as `Calendar` does).
    public static func offset(of zone: TimeZone, atWallClock wallSeconds: Int64) -> Int {
        let guess = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(wallSeconds)))
        let refined = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(wallSeconds - Int64(guess))))
        return refined
    }
}

/// Reads unsigned decimal digits at fixed places of an ASCII string's bytes.
struct DigitReader {
    let bytes: UnsafeBufferPointer<UInt8>

    /// Runs `body` with a reader of `text`'s UTF-8 bytes (no copy for a native string).
    static func reading<T>(_ text: String, _ body: (DigitReader) -> T) -> T {
        var text = text
        return text.withUTF8 { body(DigitReader(bytes: $0)) }
    }

    /// The number in `bytes[start..<start+count]`, or nil when any is not a digit.
    func number(_ start: Int, _ count: Int) -> Int? {
        guard start >= 0, start + count <= bytes.count else { return nil }
        var value = 0
        for index in start..<(start + count) {
            let byte = bytes[index]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    func byte(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }
}
