/// A series over a window: its points and statistics, and how its mean moved against the previous period.
public struct TrendSummary: Sendable, Hashable, Codable {
    /// The window the points come from.
    public var period: TrendPeriod
    /// The period of the same length just before `period`.
    public var previousPeriod: TrendPeriod
    /// The points in the window, earliest first (daily means when aggregated by day).
    public var points: [TrendPoint]
    /// The number of points.
    public var count: Int
    /// The smallest value; nil when there are no points.
    public var minimum: Double?
    /// The largest value; nil when there are no points.
    public var maximum: Double?
    /// The mean value; nil when there are no points.
    public var mean: Double?
    /// The mean of the previous period (of its daily means when aggregated by day); nil when it has no points.
    public var previousMean: Double?
    /// The change of the mean against the previous period; nil when either period has no points.
    public var change: TrendChange?

    /// A summary from its parts; `TrendAnalysis.summarize` is the usual way to make one.
    public init(
        period: TrendPeriod,
        previousPeriod: TrendPeriod,
        points: [TrendPoint],
        count: Int,
        minimum: Double?,
        maximum: Double?,
        mean: Double?,
        previousMean: Double?,
        change: TrendChange?
    ) {
        self.period = period
        self.previousPeriod = previousPeriod
        self.points = points
        self.count = count
        self.minimum = minimum
        self.maximum = maximum
        self.mean = mean
        self.previousMean = previousMean
        self.change = change
    }
}
