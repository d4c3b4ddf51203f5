/// Byte-exact records the simulated devices hold: the research vectors (devices.md §1) and records built from them.
public enum DeviceVectors {
    /// Bytes from space-separated hex.
    public static func hex(_ text: String) -> [UInt8] {
        text.split(separator: " ").compactMap { UInt8($0, radix: 16) }
    }

    /// The A&D UA-651BLE's real captures (HEADS-project/ThingML-BLE): two readings and one NaN error record.
    public static let andReading1 = hex("16 7D 00 50 00 66 00 E1 07 01 10 0C 27 36 40 00 00 00")
    public static let andReading2 = hex("16 86 00 4D 00 64 00 E1 07 01 10 0D 00 18 3D 00 00 00")
    public static let andErrorRecord = hex("16 FF 07 FF 07 FF 07 E1 07 01 0E 16 2C 04 FF 07 00 00")

    /// A blood-pressure record like the A&D's (flags 0x16: time stamp, pulse, status) at a given local time.
    public static func cuffRecord(
        systolic: UInt16,
        diastolic: UInt16,
        mean: UInt16,
        pulse: UInt16,
        year: Int,
        month: Int,
        day: Int,
        hour: Int,
        minute: Int,
        second: Int = 0
    ) -> [UInt8] {
        [0x16] + le(systolic) + le(diastolic) + le(mean) + dateTime(year, month, day, hour, minute, second) + le(pulse)
            + [0x00, 0x00]
    }

    /// A weight record (flags: time stamp, user id when given) in kg.
    public static func weightRecord(
        kilograms: Double,
        year: Int,
        month: Int,
        day: Int,
        hour: Int,
        minute: Int,
        user: UInt8? = nil
    ) -> [UInt8] {
        let raw = UInt16((kilograms * 200).rounded())  // resolution 0.005 kg
        var bytes: [UInt8] = [0x02 | (user == nil ? 0 : 0x04)] + le(raw) + dateTime(year, month, day, hour, minute, 0)
        if let user { bytes.append(user) }
        return bytes
    }

    /// A glucose record in mg/dL (kg/L, exponent −5), capillary whole blood, finger.
    public static func glucoseRecord(
        sequence: UInt16,
        milligramsPerDecilitre: UInt16,
        year: Int,
        month: Int,
        day: Int,
        hour: Int,
        minute: Int,
        contextFollows: Bool = false
    ) -> [UInt8] {
        let sfloat = UInt16(0xB000) | (milligramsPerDecilitre & 0x0FFF)  // exponent −5 → kg/L
        return [0x02 | (contextFollows ? 0x10 : 0)] + le(sequence) + dateTime(year, month, day, hour, minute, 0)
            + le(sfloat) + [0x11]
    }

    public static func dateTime(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int)
        -> [UInt8]
    {
        [UInt8(year & 0xFF), UInt8(year >> 8), UInt8(month), UInt8(day), UInt8(hour), UInt8(minute), UInt8(second)]
    }

    public static func le(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
}

extension DeviceVectors {
    /// Bytes as the adapters log them: space-separated upper-case hex pairs.
    public static func hexString(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}
