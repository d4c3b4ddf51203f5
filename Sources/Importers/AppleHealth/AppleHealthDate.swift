/// Apple Health export dates, `2019-07-19 10:36:11 -0700` (formats.md §2.3), as RFC 3339.
enum AppleHealthDate {
    /// `2019-07-19T10:36:11-07:00`, or nil when the text is not in that form or names no real date.
    static func rfc3339(_ text: String) -> String? {
        parse(text)?.rfc3339
    }

    /// The RFC 3339 text and the Unix time of an export date.
    static func parse(_ text: String) -> (rfc3339: String, epochSeconds: Int64)? {
        let reader = DigitReader(text)
        let bytes = reader.bytes
        guard bytes.count == 25, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x20, bytes[13] == 0x3A,
            bytes[16] == 0x3A, bytes[19] == 0x20, bytes[20] == 0x2B || bytes[20] == 0x2D,
            let year = reader.number(0, 4), let month = reader.number(5, 2), let day = reader.number(8, 2),
            let hour = reader.number(11, 2), let minute = reader.number(14, 2), let second = reader.number(17, 2),
            let offsetHours = reader.number(21, 2), let offsetMinutes = reader.number(23, 2),
            CivilTime.isValid(year: year, month: month, day: day), hour < 24, minute < 60, second < 60
        else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(25)
        out.append(contentsOf: bytes[0..<10])
        out.append(0x54)  // T
        out.append(contentsOf: bytes[11..<19])
        out.append(contentsOf: bytes[20..<23])
        out.append(0x3A)
        out.append(contentsOf: bytes[23..<25])
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
        return (String(decoding: out, as: UTF8.self), epoch)
    }
}
