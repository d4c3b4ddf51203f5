import HubCore

/// Why a chart cannot be drawn; names the argument and what is accepted.
public enum TerminalChartError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The width leaves too few columns for the plot after the y-axis labels.
    case tooNarrow(width: Int, minimum: Int)
    /// Fewer rows than the minimum.
    case tooShort(height: Int, minimum: Int)
    /// The fraction digits are outside 0–6.
    case invalidFractionDigits(Int)
    /// A value of the series is NaN or infinite.
    case nonFiniteValue(Double, at: Int64)

    /// A sentence naming the argument and what is accepted.
    public var description: String {
        switch self {
        case .tooNarrow(let width, let minimum):
            "width: \(width) columns is too narrow for this chart (accepted: at least \(minimum))"
        case .tooShort(let height, let minimum):
            "height: \(height) rows is too low (accepted: at least \(minimum))"
        case .invalidFractionDigits(let digits):
            "fractionDigits: \(digits) is not accepted (accepted: 0–6)"
        case .nonFiniteValue(let value, let instant):
            "value \(value) at \(RFC3339.format(epochMilliseconds: instant, utcOffsetSeconds: 0)) is not a finite number"
        }
    }
}
