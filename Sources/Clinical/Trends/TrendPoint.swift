/// One value of a time series at an instant, in the series' one unit.
public struct TrendPoint: Sendable, Hashable, Codable {
    /// The instant, UTC epoch milliseconds (for a daily mean: the start of the local day).
    public var epochMilliseconds: Int64
    /// The value.
    public var value: Double

    /// A value at an instant.
    public init(epochMilliseconds: Int64, value: Double) {
        self.epochMilliseconds = epochMilliseconds
        self.value = value
    }
}
