/// An analyte-specific bridge between two units of different dimensions, for example glucose mg/dL → mmol/L.
///
/// Stored as a ratio so both directions are one multiplication and one division: `to = from * numerator /
/// denominator` and `from = to * denominator / numerator`, with no precomputed reciprocal losing a bit. An affine
/// factor (HbA1c % → mmol/mol) also has an `offset` in the `from` unit: `to = (from − offset) × numerator /
/// denominator`.
public struct AnalyteFactor: Sendable, Hashable {
    /// The substance this factor is valid for.
    public let analyte: Analyte
    /// The unit the factor converts from.
    public let from: String
    /// The unit the factor converts to.
    public let to: String
    let numerator: Double
    let denominator: Double
    /// The value in the `from` unit that maps to zero in the `to` unit; 0 for every linear factor.
    let offset: Double

    /// A factor where `to = from × factor`.
    public init(_ analyte: Analyte, from: String, to: String, multiplyBy factor: Double) {
        self.analyte = analyte
        self.from = from
        self.to = to
        self.numerator = factor
        self.denominator = 1
        self.offset = 0
    }

    /// An affine factor where `to = (from − offset) × factor`, for example HbA1c IFCC = (NGSP − 2.15) × 10.929.
    public init(_ analyte: Analyte, from: String, to: String, subtract offset: Double, thenMultiplyBy factor: Double) {
        self.analyte = analyte
        self.from = from
        self.to = to
        self.numerator = factor
        self.denominator = 1
        self.offset = offset
    }

    /// A factor where `to = from ÷ divisor` (how conversion tables state molar-mass factors).
    public init(_ analyte: Analyte, from: String, to: String, divideBy divisor: Double) {
        self.analyte = analyte
        self.from = from
        self.to = to
        self.numerator = 1
        self.denominator = divisor
        self.offset = 0
    }
}
