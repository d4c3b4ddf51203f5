import CivilTime

/// Parsing and formatting of RFC 3339 date-times that carry a UTC offset (adapter-protocol.md §5.2).
///
/// A hand parser over the UTF-8 bytes rather than `DateFormatter` / `ISO8601DateFormatter`: no listed library
/// parses RFC 3339 fast enough for the 100,000 records/s ingest target *and* refuses a time without an offset
/// (the Foundation formatters silently assume one). It allocates nothing on success.
public enum RFC3339 {
    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±hh:mm)` into UTC epoch milliseconds plus the original offset.
    ///
    /// `T` and `Z` may be lower case (RFC 3339 §5.6 is case-insensitive); the fraction may have any number of
    /// digits and is truncated to milliseconds; `-00:00` reads as offset 0.
    public static func parse(_ text: String) throws(RFC3339Error) -> RFC3339Timestamp {
        let parsed =
            text.utf8.withContiguousStorageIfAvailable(parse(bytes:))
            ?? Array(text.utf8).withUnsafeBufferPointer(parse(bytes:))
        switch parsed {
        case .success(let timestamp): return timestamp
        case .failure(let problem): throw RFC3339Error(input: text, problem: problem.problem)
        }
    }

    /// Formats an instant as RFC 3339 in the given offset: milliseconds only when non-zero, `Z` for offset 0.
    ///
    /// An offset that is not a whole number of minutes is truncated to minutes (RFC 3339 offsets have no seconds);
    /// the string still names the same instant because the local time is computed with the truncated offset.
    public static func format(epochMilliseconds: Int64, utcOffsetSeconds: Int) -> String {
        let offsetMinutes = utcOffsetSeconds / 60
        let local = epochMilliseconds + Int64(offsetMinutes) * 60_000
        let msPerDay: Int64 = 86_400_000
        let days = floorDivide(local, msPerDay)
        let msOfDay = Int(local - days * msPerDay)
        let (year, month, day) = CivilCalendar.civilFromDays(Int(days))

        var out: [UInt8] = []
        out.reserveCapacity(29)
        appendDigits(year, width: 4, to: &out)
        out.append(UInt8(ascii: "-"))
        appendDigits(month, width: 2, to: &out)
        out.append(UInt8(ascii: "-"))
        appendDigits(day, width: 2, to: &out)
        out.append(UInt8(ascii: "T"))
        appendDigits(msOfDay / 3_600_000, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendDigits(msOfDay / 60_000 % 60, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendDigits(msOfDay / 1000 % 60, width: 2, to: &out)
        if msOfDay % 1000 != 0 {
            out.append(UInt8(ascii: "."))
            appendDigits(msOfDay % 1000, width: 3, to: &out)
        }
        if offsetMinutes == 0 {
            out.append(UInt8(ascii: "Z"))
        } else {
            out.append(UInt8(ascii: offsetMinutes < 0 ? "-" : "+"))
            appendDigits(abs(offsetMinutes) / 60, width: 2, to: &out)
            out.append(UInt8(ascii: ":"))
            appendDigits(abs(offsetMinutes) % 60, width: 2, to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Formats a parsed timestamp back in its original offset.
    public static func format(_ timestamp: RFC3339Timestamp) -> String {
        format(epochMilliseconds: timestamp.epochMilliseconds, utcOffsetSeconds: timestamp.utcOffsetSeconds)
    }

    // MARK: - Parsing

    /// Wraps a problem so it can travel in a `Result` out of the buffer closure.
    struct Failure: Error {
        let problem: RFC3339Error.Problem
    }

    private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Result<RFC3339Timestamp, Failure> {
        func fail(_ problem: RFC3339Error.Problem) -> Result<RFC3339Timestamp, Failure> {
            .failure(Failure(problem: problem))
        }
        // "YYYY-MM-DDTHH:MM:SS" is 19 bytes; the offset must follow.
        guard bytes.count >= 19 else {
            return fail(firstDeviation(bytes) ?? .incomplete)
        }
        guard
            let year = digits(bytes, 0, 4),
            bytes[4] == UInt8(ascii: "-"),
            let month = digits(bytes, 5, 2),
            bytes[7] == UInt8(ascii: "-"),
            let day = digits(bytes, 8, 2),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
            let hour = digits(bytes, 11, 2),
            bytes[13] == UInt8(ascii: ":"),
            let minute = digits(bytes, 14, 2),
            bytes[16] == UInt8(ascii: ":"),
            let second = digits(bytes, 17, 2)
        else {
            return fail(firstDeviation(bytes) ?? .incomplete)
        }
        guard (1...12).contains(month) else { return fail(.monthOutOfRange(month)) }
        guard day >= 1, day <= CivilCalendar.daysInMonth(year: year, month: month) else {
            return fail(.dayOutOfRange(year: year, month: month, day: day))
        }
        if second == 60, hour <= 23, minute <= 59 { return fail(.leapSecond) }
        guard hour <= 23, minute <= 59, second <= 59 else {
            return fail(.timeOutOfRange(hour: hour, minute: minute, second: second))
        }

        var index = 19
        var milliseconds = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            // Any number of digits; only the first three matter for milliseconds.
            while index < bytes.count, let digit = digitValue(bytes[index]) {
                if index - fractionStart < 3 { milliseconds = milliseconds * 10 + digit }
                index += 1
            }
            let count = index - fractionStart
            guard count > 0 else {
                return fail(
                    index < bytes.count ? .unexpectedCharacter(offset: index, expected: "a digit") : .emptyFraction
                )
            }
            if count == 1 { milliseconds *= 100 } else if count == 2 { milliseconds *= 10 }
        }

        guard index < bytes.count else { return fail(.missingOffset) }
        let offsetSeconds: Int
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            offsetSeconds = 0
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            guard bytes.count >= index + 6 else { return fail(.unexpectedCharacter(offset: index, expected: "±hh:mm")) }
            guard let offsetHours = digits(bytes, index + 1, 2), bytes[index + 3] == UInt8(ascii: ":"),
                let offsetMinutes = digits(bytes, index + 4, 2)
            else {
                return fail(.unexpectedCharacter(offset: index, expected: "±hh:mm"))
            }
            guard offsetHours <= 23, offsetMinutes <= 59 else {
                return fail(.offsetOutOfRange(hours: offsetHours, minutes: offsetMinutes))
            }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
            index += 6
        default:
            return fail(.unexpectedCharacter(offset: index, expected: "'.', 'Z' or ±hh:mm"))
        }
        guard index == bytes.count else { return fail(.trailingCharacters(offset: index)) }

        let days = Int64(CivilCalendar.daysFromCivil(year: year, month: month, day: day))
        let localSeconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        let utcSeconds = localSeconds - Int64(offsetSeconds)
        return .success(
            RFC3339Timestamp(
                epochMilliseconds: utcSeconds * 1000 + Int64(milliseconds),
                utcOffsetSeconds: offsetSeconds
            )
        )
    }

    /// The fixed `YYYY-MM-DDTHH:MM:SS` layout, one expectation per byte, for error messages.
    private static let layout: [(digit: Bool, literal: String)] = Array(
        "dddd-dd-ddTdd:dd:dd".map { $0 == "d" ? (true, "") : (false, String($0)) }
    )

    /// The first byte that breaks the fixed layout, or nil when the prefix is fine but short.
    private static func firstDeviation(_ bytes: UnsafeBufferPointer<UInt8>) -> RFC3339Error.Problem? {
        for (offset, expected) in layout.enumerated() where offset < bytes.count {
            let byte = bytes[offset]
            if expected.digit {
                if digitValue(byte) == nil { return .unexpectedCharacter(offset: offset, expected: "a digit") }
            } else if offset == 10 {
                if byte != UInt8(ascii: "T"), byte != UInt8(ascii: "t") {
                    return .unexpectedCharacter(offset: offset, expected: "'T'")
                }
            } else if byte != expected.literal.utf8.first {
                return .unexpectedCharacter(offset: offset, expected: "'\(expected.literal)'")
            }
        }
        return bytes.count < 19 ? .incomplete : nil
    }

    @inline(__always)
    private static func digitValue(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte &- UInt8(ascii: "0")) : nil
    }

    /// The decimal number in `count` bytes starting at `start`, or nil if any is not a digit.
    @inline(__always)
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            guard let digit = digitValue(bytes[index]) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    // MARK: - Formatting

    private static func appendDigits(_ value: Int, width: Int, to out: inout [UInt8]) {
        // Years outside 0000–9999 cannot be written in RFC 3339; they are written with a sign and more digits.
        if value < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = abs(value)
        var text = Array(String(magnitude).utf8)
        while text.count < width { text.insert(UInt8(ascii: "0"), at: 0) }
        out.append(contentsOf: text)
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }
}
