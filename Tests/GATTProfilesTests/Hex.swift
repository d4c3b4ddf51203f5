/// Bytes from the space-separated hex the research notes print (`"00 B0 36"`).
func hex(_ text: String) -> [UInt8] {
    text.split(separator: " ").map { UInt8($0, radix: 16)! }
}

/// True when `actual` is within `tolerance` of `expected`.
func isClose(_ actual: Double?, _ expected: Double, tolerance: Double = 1e-9) -> Bool {
    guard let actual else { return false }
    return abs(actual - expected) <= tolerance
}
