/// Bytes from a hex string such as "60 3E 37 2C" (spaces ignored).
func hexBytes(_ text: String) -> [UInt8] {
    let digits = text.filter { !$0.isWhitespace }
    return stride(from: 0, to: digits.count, by: 2).map { offset in
        let start = digits.index(digits.startIndex, offsetBy: offset)
        return UInt8(digits[start..<digits.index(start, offsetBy: 2)], radix: 16) ?? 0
    }
}

/// The bytes of an ASCII string.
func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

/// `bytes` zero-padded to a 64-byte report.
func report(_ bytes: [UInt8]) -> [UInt8] { bytes + [UInt8](repeating: 0, count: 64 - bytes.count) }
