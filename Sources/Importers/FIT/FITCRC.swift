/// The FIT CRC-16 (devices.md §6.2: Garmin FIT SDK `CrcCalculator`, nibble table).
public enum FITCRC {
    private static let table: [UInt16] = [
        0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
        0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
    ]

    /// The CRC of `bytes`, continuing from `crc`.
    public static func compute(_ bytes: some Collection<UInt8>, startingWith crc: UInt16 = 0) -> UInt16 {
        var crc = crc
        for byte in bytes {
            var t = table[Int(crc & 0xF)]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ t ^ table[Int(byte & 0xF)]
            t = table[Int(crc & 0xF)]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ t ^ table[Int(byte >> 4)]
        }
        return crc
    }
}
