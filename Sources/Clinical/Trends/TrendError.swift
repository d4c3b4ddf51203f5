import HubCore

/// Why a trend cannot be computed; names the argument and what is accepted.
public enum TrendError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The window length is not a positive number of days.
    case invalidDays(Int)
    /// A value of the series is NaN or infinite.
    case nonFiniteValue(Double, at: Int64)

    /// A sentence naming the argument and what is accepted.
    public var description: String {
        switch self {
        case .invalidDays(let days):
            "days: \(days) is not accepted (accepted: 1–\(TrendAnalysis.maximumDays))"
        case .nonFiniteValue(let value, let instant):
            "value \(value) at \(RFC3339.format(epochMilliseconds: instant, utcOffsetSeconds: 0)) is not a finite number"
        }
    }
}
