/// An instant read from an RFC 3339 date-time: UTC epoch milliseconds and the UTC offset the writer used.
public struct RFC3339Timestamp: Sendable, Hashable, Codable {
    /// Milliseconds since 1970-01-01T00:00:00Z (fractions below a millisecond are truncated).
    public let epochMilliseconds: Int64
    /// The writer's offset from UTC in seconds, for example 3600 for `+01:00`; 0 for `Z`.
    public let utcOffsetSeconds: Int

    /// An instant and the offset to show it in.
    public init(epochMilliseconds: Int64, utcOffsetSeconds: Int) {
        self.epochMilliseconds = epochMilliseconds
        self.utcOffsetSeconds = utcOffsetSeconds
    }
}
