import CivilTime

/// Apple Health export dates, `2019-07-19 10:36:11 -0700` (formats.md §2.3), or the compact form
/// of iOS 8 exports, `20150603050200+0100` (formats.md §2.7 item 3), as RFC 3339.
enum AppleHealthDate {
    /// `2019-07-19T10:36:11-07:00`, or nil when the text is not in that form or names no real date.
    static func rfc3339(_ text: String) -> String? {
        parse(text)?.rfc3339
    }

    /// The RFC 3339 text and the Unix time of an export date.
    static func parse(_ text: String) -> (rfc3339: String, epochSeconds: Int64)? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    /// The RFC 3339 text and the Unix time of an export date's UTF-8 bytes.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (rfc3339: String, epochSeconds: Int64)? {
        if bytes.count == 19 { return parseCompact(bytes) }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<(start + count) {
                let digit = Int(bytes[index]) - 0x30
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard bytes.count == 25, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x20, bytes[13] == 0x3A,
            bytes[16] == 0x3A, bytes[19] == 0x20, bytes[20] == 0x2B || bytes[20] == 0x2D,
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            let offsetHours = number(21, 2), let offsetMinutes = number(23, 2),
            CivilCalendar.isValid(year: year, month: month, day: day), hour < 24, minute < 60, second < 60
        else { return nil }
        // `2019-07-19 10:36:11 -0700` → `2019-07-19T10:36:11-07:00`: the same digits, rearranged.
        let text = String(unsafeUninitializedCapacity: 25) { out in
            for index in 0..<10 { out[index] = bytes[index] }
            out[10] = 0x54  // T
            for index in 11..<19 { out[index] = bytes[index] }
            for index in 20..<23 { out[index - 1] = bytes[index] }
            out[22] = 0x3A  // :
            out[23] = bytes[23]
            out[24] = bytes[24]
            return 25
        }
        let sign: Int64 = bytes[20] == 0x2D ? -1 : 1
        let wall = CivilTime.epochSeconds(
            year: year,
            month: month,
            day: day,
            hour: hour,
            minute: minute,
            second: second
        )
        let epoch = wall - sign * Int64(offsetHours * 3600 + offsetMinutes * 60)
        return (text, epoch)
    }

    /// `20150603050200+0100` (iOS 8): the same fields without separators.
    static func parseCompact(_ bytes: UnsafeBufferPointer<UInt8>) -> (rfc3339: String, epochSeconds: Int64)? {
        guard bytes.count == 19, bytes[14] == 0x2B || bytes[14] == 0x2D else { return nil }
        // Rebuilt as the iOS 9+ form and read by the one parser, so both give the same text and instant.
        var spaced = [UInt8](repeating: 0x20, count: 25)
        let layout: [(from: Int, to: Int, count: Int)] = [
            (0, 0, 4), (4, 5, 2), (6, 8, 2), (8, 11, 2), (10, 14, 2), (12, 17, 2), (14, 20, 5),
        ]
        for (from, to, count) in layout {
            for offset in 0..<count { spaced[to + offset] = bytes[from + offset] }
        }
        (spaced[4], spaced[7], spaced[13], spaced[16]) = (0x2D, 0x2D, 0x3A, 0x3A)
        return spaced.withUnsafeBufferPointer { parse($0) }
    }
}
