/// A conversion between two fixed units, resolved once from the unit table and then applied per value.
///
/// Resolving looks units up by string; applying is three floating-point operations, which is what the per-record
/// ingest path needs.
public struct UnitConverter: Sendable, Hashable {
    /// The unit values are converted from.
    public let from: String
    /// The unit values are converted to.
    public let to: String
    let fromOrigin: Double
    let numerator: Double
    let denominator: Double
    let toOrigin: Double

    /// Converts one value: `(value - fromOrigin) × numerator ÷ denominator + toOrigin`.
    public func apply(_ value: Double) -> Double {
        // `86 × n ÷ n` is not always 86 in floating point: a unit converted to itself (the usual
        // case on the ingest path) must give back exactly what was sent.
        if isIdentity { return value }
        return (value - fromOrigin) * numerator / denominator + toOrigin
    }

    /// True when converting leaves every value unchanged (same size and origin).
    public var isIdentity: Bool {
        numerator == denominator && fromOrigin == toOrigin
    }
}
