/// An RFC 3339 date-time with whole seconds and an offset, as `generate.start` gives it; it can step
/// forward and print itself again in the same offset.
///
/// Hand-written because the adapter links only AdapterKit (HubCore's parser is the hub's) and because
/// `DateFormatter` is far too slow for generating 100,000 time stamps.
struct Timestamp: Sendable, Hashable {
    /// Seconds since 1970-01-01T00:00:00Z.
    var secondsSinceEpoch: Int
    /// The UTC offset the time is written in, in seconds east of UTC.
    var offsetSeconds: Int

    /// Parses `YYYY-MM-DDTHH:MM:SS` followed by `Z` or `±hh:mm`; nil for anything else.
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = Self.number(bytes, 0, 4), let month = Self.number(bytes, 5, 2),
            let day = Self.number(bytes, 8, 2), let hour = Self.number(bytes, 11, 2),
            let minute = Self.number(bytes, 14, 2), let second = Self.number(bytes, 17, 2),
            (1...12).contains(month), day >= 1, day <= Self.daysInMonth(year: year, month: month),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let offset: Int
        if bytes.count == 20 && bytes[19] == UInt8(ascii: "Z") {
            offset = 0
        } else if bytes.count == 25, bytes[19] == UInt8(ascii: "+") || bytes[19] == UInt8(ascii: "-"),
            bytes[22] == UInt8(ascii: ":"), let offsetHours = Self.number(bytes, 20, 2),
            let offsetMinutes = Self.number(bytes, 23, 2), offsetHours < 24, offsetMinutes < 60
        {
            offset = (bytes[19] == UInt8(ascii: "-") ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        let local = Self.daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        self.init(secondsSinceEpoch: local - offset, offsetSeconds: offset)
    }

    init(secondsSinceEpoch: Int, offsetSeconds: Int) {
        self.secondsSinceEpoch = secondsSinceEpoch
        self.offsetSeconds = offsetSeconds
    }

    /// The same offset, `seconds` later.
    func adding(seconds: Int) -> Timestamp {
        Timestamp(secondsSinceEpoch: secondsSinceEpoch + seconds, offsetSeconds: offsetSeconds)
    }

    /// The RFC 3339 text, in this time stamp's offset (`Z` for zero).
    var text: String {
        let local = secondsSinceEpoch + offsetSeconds
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = local - days * 86_400
        let (year, month, day) = Self.civilFromDays(days)
        // Written digit by digit into one buffer: generated devices format one time per record,
        // and string concatenation showed up in the ingest benchmark's profile.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(25)
        func digits(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
                rest %= divisor
                divisor /= 10
            }
        }
        if (0...9999).contains(year) { digits(year, 4) } else { bytes += Array(String(year).utf8) }
        bytes.append(UInt8(ascii: "-"))
        digits(month, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(day, 2)
        bytes.append(UInt8(ascii: "T"))
        digits(secondOfDay / 3600, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(secondOfDay / 60 % 60, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(secondOfDay % 60, 2)
        if offsetSeconds == 0 {
            bytes.append(UInt8(ascii: "Z"))
        } else {
            let magnitude = abs(offsetSeconds)
            bytes.append(offsetSeconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            digits(magnitude / 3600, 2)
            bytes.append(UInt8(ascii: ":"))
            digits(magnitude / 60 % 60, 2)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func number(_ bytes: [UInt8], _ start: Int, _ length: Int) -> Int? {
        var value = 0
        for byte in bytes[start..<start + length] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's days_from_civil / civil_from_days (https://howardhinnant.github.io/date_algorithms.html).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
