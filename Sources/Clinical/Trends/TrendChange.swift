/// How the mean of a period differs from the mean of the period before it.
public struct TrendChange: Sendable, Hashable, Codable {
    /// This mean minus the previous mean, in the series' unit.
    public var absolute: Double
    /// The difference in % of the previous mean; nil when the previous mean is 0.
    public var percent: Double?

    /// A change from its parts.
    public init(absolute: Double, percent: Double?) {
        self.absolute = absolute
        self.percent = percent
    }

    /// The change from `previous` to `current`.
    public init(from previous: Double, to current: Double) {
        absolute = current - previous
        percent = previous == 0 ? nil : (current - previous) / abs(previous) * 100
    }
}
