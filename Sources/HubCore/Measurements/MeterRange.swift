/// A glucose meter's result beyond what it can measure (shown as HI or LO, or `>`/`<` on some meters): the adapter
/// stores the meter's bound as the value and flags the reading with one of these `measurementStatus` entries
/// (adapter-protocol.md §5.2), so that nothing shows the bound as if it had been measured.
public enum MeterRange: String, Sendable, Hashable, CaseIterable {
    /// Above the meter's upper bound (HI, `>`).
    case above = "above_meter_range"
    /// Below the meter's lower bound (LO, `<`).
    case below = "below_meter_range"

    /// How people read it: "above the meter's range".
    public var phrase: String {
        switch self {
        case .above: "above the meter's range"
        case .below: "below the meter's range"
        }
    }
}

extension NormalizedMeasurement {
    /// Whether the reading is a meter's out-of-range result, and which side.
    public var meterRange: MeterRange? {
        guard let statuses = context?.measurementStatus else { return nil }
        return MeterRange.allCases.first { statuses.contains($0.rawValue) }
    }
}
