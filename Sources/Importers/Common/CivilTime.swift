import CivilTime
import Foundation

/// Calendar arithmetic on proleptic Gregorian dates and RFC 3339 text, without `DateFormatter`
/// (which is far too slow for millions of records). The date arithmetic itself is `CivilCalendar`'s, shared with the hub.
public enum CivilTime {
    /// Seconds since the Unix epoch of a wall-clock time read as UTC.
    public static func epochSeconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int64 {
        Int64(CivilCalendar.daysFromCivil(year: year, month: month, day: day)) * 86_400
            + Int64(hour * 3600 + minute * 60 + second)
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
        let (year, month, day) = CivilCalendar.civilFromDays(days)
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
