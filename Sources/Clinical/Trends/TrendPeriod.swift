/// A span of time, both ends included, in UTC epoch milliseconds.
public struct TrendPeriod: Sendable, Hashable, Codable {
    /// The first instant of the period.
    public var start: Int64
    /// The last instant of the period.
    public var end: Int64

    /// A period from `start` through `end`.
    public init(start: Int64, end: Int64) {
        self.start = start
        self.end = end
    }

    /// True when `epochMilliseconds` lies within the period.
    public func contains(_ epochMilliseconds: Int64) -> Bool {
        start <= epochMilliseconds && epochMilliseconds <= end
    }
}
