extension Duration {
    /// The duration in whole milliseconds, rounded down, for C calls that take milliseconds.
    public var wholeMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
