/// Why no eGFR slope could be fitted; each case says what is needed.
public enum EGFRSlopeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Fewer than 2 readings, or the readings span less than 90 days.
    case notEnoughData(readings: Int, spanDays: Double)
    /// A reading's eGFR is negative or not finite; `index` is its position in the input.
    case invalidEGFR(Double, index: Int)

    /// The input at fault: `readings` or `egfr`.
    public var field: String {
        switch self {
        case .notEnoughData: "readings"
        case .invalidEGFR: "egfr"
        }
    }

    /// What was wrong and what is needed.
    public var reason: String {
        switch self {
        case .notEnoughData(let readings, let spanDays):
            "not enough data for an eGFR slope: needs at least \(EGFRSlope.minimumReadings) eGFR values spanning at least \(EGFRSlope.minimumSpanDays) days (have \(readings) spanning \(LabNumberFormat.fixed(spanDays, decimals: 0)) days)"
        case .invalidEGFR(let value, let index):
            "eGFR \(LabNumberFormat.asEntered(value)) at position \(index) is not a finite number ≥ 0"
        }
    }

    /// `field: reason`.
    public var description: String { "\(field): \(reason)" }
}
