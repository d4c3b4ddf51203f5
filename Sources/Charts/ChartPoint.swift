/// One data point of a chart: an x value (epoch milliseconds for time charts) and a y value in the series' unit.
public struct ChartPoint: Sendable, Equatable {
    /// The x value, epoch milliseconds for time series.
    public var x: Double
    /// The y value, in the chart's unit.
    public var y: Double

    /// A point at (x, y).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
