/// Why a characteristic value could not be decoded: what was wrong, where, and the bytes as received.
public struct GATTDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The characteristic, e.g. "Weight Measurement 0x2A9D".
    public var characteristic: String
    /// What was wrong, naming the field and the byte offset.
    public var reason: String
    /// The value exactly as received.
    public var bytes: [UInt8]

    public init(characteristic: String, reason: String, bytes: [UInt8]) {
        self.characteristic = characteristic
        self.reason = reason
        self.bytes = bytes
    }

    public var description: String {
        "\(characteristic): \(reason) (bytes: \(hexString(bytes)))"
    }
}

/// Bytes as space-separated upper-case hex pairs, as the research notes and captures print them.
public func hexString(_ bytes: [UInt8]) -> String {
    bytes.map { byte in
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }.joined(separator: " ")
}
