import Foundation

/// How a series is summarised: reading by reading, or one mean per local day.
public enum TrendAggregation: Sendable, Hashable {
    /// Every reading in the window as it is; the window is the last N × 24 hours.
    case readings
    /// The mean of each local calendar day in the time zone; the window is the last N local days, today included.
    case dailyMean(TimeZone)
}
