import HubCore

/// A body weight reading with its instant and, when known or confirmed, its dialysis phase.
public struct TaggedWeight: Sendable, Hashable, Codable {
    /// The reading's instant, UTC epoch milliseconds.
    public var epochMilliseconds: Int64
    /// The weight in kg (the canonical unit of `body_weight`).
    public var kilograms: Double
    /// Where the reading sits relative to a dialysis session; nil while unknown or awaiting confirmation.
    public var phase: DialysisPhase?

    /// A weight at an instant with an optional phase.
    public init(epochMilliseconds: Int64, kilograms: Double, phase: DialysisPhase?) {
        self.epochMilliseconds = epochMilliseconds
        self.kilograms = kilograms
        self.phase = phase
    }
}
