/// Reads little-endian fields from a characteristic value (all GATT fields are LSO first: Bluetooth SIG
/// GATT XML, "LSO to MSO"), failing with the field name and offset when the value is too short.
struct ByteReader {
    let bytes: [UInt8]
    let characteristic: String
    private(set) var offset = 0

    init(_ bytes: [UInt8], characteristic: String) {
        self.bytes = bytes
        self.characteristic = characteristic
    }

    var remaining: Int { bytes.count - offset }

    mutating func uint8(_ field: String) throws(GATTDecodingError) -> UInt8 {
        try require(1, field)
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func uint16(_ field: String) throws(GATTDecodingError) -> UInt16 {
        try require(2, field)
        defer { offset += 2 }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    mutating func int16(_ field: String) throws(GATTDecodingError) -> Int16 {
        Int16(bitPattern: try uint16(field))
    }

    mutating func uint32(_ field: String) throws(GATTDecodingError) -> UInt32 {
        try require(4, field)
        defer { offset += 4 }
        return (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }

    mutating func sfloat(_ field: String) throws(GATTDecodingError) -> SFloat {
        SFloat(raw: try uint16(field))
    }

    mutating func dateTime(_ field: String) throws(GATTDecodingError) -> GATTDateTime {
        try require(GATTDateTime.byteCount, field)
        let slice = Array(bytes[offset..<offset + GATTDateTime.byteCount])
        let start = offset
        offset += GATTDateTime.byteCount
        do {
            return try GATTDateTime(bytes: slice)
        } catch {
            throw failure("\(field) at byte \(start): \(error.reason)")
        }
    }

    func failure(_ reason: String) -> GATTDecodingError {
        GATTDecodingError(characteristic: characteristic, reason: reason, bytes: bytes)
    }

    private func require(_ count: Int, _ field: String) throws(GATTDecodingError) {
        guard remaining >= count else {
            throw failure(
                "truncated: \(field) needs \(count) byte(s) at byte \(offset), only \(remaining) left of \(bytes.count)"
            )
        }
    }
}
