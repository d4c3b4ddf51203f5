@testable import Importers

/// Writes FIT files for the tests, byte by byte as the FIT protocol lays them out (devices.md §6.2),
/// so every feature of the reader can be exercised: both header sizes, big-endian definitions,
/// developer fields, compressed-timestamp headers and timestamp_16.
struct FITFileWriter {
    struct Field {
        var number: UInt8
        var size: UInt8
        var baseType: UInt8
    }

    private(set) var records: [UInt8] = []
    var headerSize = 14

    mutating func define(
        local: UInt8,
        global: UInt16,
        fields: [Field],
        developerFields: [(number: UInt8, size: UInt8, index: UInt8)] = [],
        bigEndian: Bool = false
    ) {
        records.append(0x40 | (developerFields.isEmpty ? 0 : 0x20) | local)
        records.append(0)
        records.append(bigEndian ? 1 : 0)
        records += bigEndian ? [UInt8(global >> 8), UInt8(global & 0xFF)] : [UInt8(global & 0xFF), UInt8(global >> 8)]
        records.append(UInt8(fields.count))
        for field in fields { records += [field.number, field.size, field.baseType] }
        if !developerFields.isEmpty {
            records.append(UInt8(developerFields.count))
            for field in developerFields { records += [field.number, field.size, field.index] }
        }
    }

    /// A data message: the field bytes in definition order, already encoded.
    mutating func data(local: UInt8, _ bytes: [UInt8]) {
        records.append(local)
        records += bytes
    }

    /// A compressed-timestamp data message: local type 0–3, the low five bits of the time.
    mutating func compressed(local: UInt8, offset: UInt8, _ bytes: [UInt8]) {
        records.append(0x80 | (local << 5) | (offset & 0x1F))
        records += bytes
    }

    /// The whole file: header (with its CRC when 14 bytes), records, file CRC.
    func file() -> [UInt8] {
        let size = UInt32(records.count)
        var header: [UInt8] =
            [
                UInt8(headerSize), 0x20, 0x8B, 0x08,
                UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24),
            ] + Array(".FIT".utf8)
        if headerSize == 14 {
            let crc = FITCRC.compute(header)
            header += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        }
        let body = header + records
        let crc = FITCRC.compute(body)
        return body + [UInt8(crc & 0xFF), UInt8(crc >> 8)]
    }

    static func u8(_ value: Int) -> [UInt8] { [UInt8(value)] }
    static func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    static func u32(_ value: Int) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24 & 0xFF)]
    }
    static func u16be(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func u32be(_ value: Int) -> [UInt8] { u32(value).reversed() }

    /// FIT seconds of a Unix time.
    static func fitTime(_ unix: Int) -> Int { unix - 631_065_600 }
}
