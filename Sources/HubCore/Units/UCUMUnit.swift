/// One UCUM unit: its code and how a value in it maps onto its dimension's base unit.
///
/// The mapping is `base = (value - origin) × numerator ÷ denominator`. Keeping the size as a ratio of two
/// integer-valued doubles (45359237 / 10⁸ rather than 0.45359237) lets a conversion multiply whole numbers exactly
/// and round once at the final division, so exact definitions give the closest double to the exact result.
/// A non-zero `origin` covers the affine temperature scales (°F has origin 32 and size 5/9 on a Celsius base).
public struct UCUMUnit: Sendable, Hashable {
    /// The UCUM case-sensitive code, for example `[lb_av]`.
    public let code: String
    /// What the unit measures.
    public let dimension: UnitDimension
    let numerator: Double
    let denominator: Double
    /// The value in this unit that is zero in the base unit (non-zero only for affine scales).
    let origin: Double

    /// A unit worth `numerator ÷ denominator` base units, shifted by `origin` for affine scales.
    init(
        _ code: String,
        _ dimension: UnitDimension,
        _ numerator: Double,
        per denominator: Double = 1,
        origin: Double = 0
    ) {
        self.code = code
        self.dimension = dimension
        self.numerator = numerator
        self.denominator = denominator
        self.origin = origin
    }
}
