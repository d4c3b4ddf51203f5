/// The one table of UCUM units and analyte factors; every unit conversion in KidneyHub goes through it.
public struct UnitTable: Sendable {
    /// Units by UCUM code.
    public let units: [String: UCUMUnit]
    /// Analyte-specific bridges between dimensions (glucose mg/dL ↔ mmol/L, creatinine, phosphate, HbA1c ...).
    public let analyteFactors: [AnalyteFactor]

    init(units: [UCUMUnit], analyteFactors: [AnalyteFactor]) {
        // A code listed twice is a mistake in the table (two definitions could disagree), not input: it
        // traps on first use, which every test run reaches.
        self.units = Dictionary(uniqueKeysWithValues: units.map { ($0.code, $0) })
        self.analyteFactors = analyteFactors
    }

    /// The unit with this UCUM code, if the table knows it.
    public func unit(_ code: String) -> UCUMUnit? {
        units[code]
    }

    /// Converts `value` from one unit to another; `analyte` is needed only to cross mass ↔ substance concentration.
    public func convert(
        _ value: Double,
        from: String,
        to: String,
        analyte: Analyte? = nil
    ) throws(UnitConversionError) -> Double {
        try converter(from: from, to: to, analyte: analyte).apply(value)
    }

    /// Converts `value` with the standard table.
    public static func convert(
        _ value: Double,
        from: String,
        to: String,
        analyte: Analyte? = nil
    ) throws(UnitConversionError) -> Double {
        try standard.convert(value, from: from, to: to, analyte: analyte)
    }

    /// Resolves the conversion between two units once, so callers can apply it to many values.
    public func converter(from: String, to: String, analyte: Analyte? = nil) throws(UnitConversionError)
        -> UnitConverter
    {
        guard let source = units[from] else { throw .unknownUnit(from, from: from, to: to) }
        guard let target = units[to] else { throw .unknownUnit(to, from: from, to: to) }
        if source.dimension == target.dimension {
            return UnitConverter(
                from: from,
                to: to,
                fromOrigin: source.origin,
                numerator: source.numerator * target.denominator,
                denominator: source.denominator * target.numerator,
                toOrigin: target.origin
            )
        }
        let bridge = try bridge(from: source, to: target, analyte: analyte)
        return UnitConverter(
            from: from,
            to: to,
            fromOrigin: bridge.fromOrigin,
            numerator: bridge.numerator,
            denominator: bridge.denominator,
            toOrigin: bridge.toOrigin
        )
    }

    /// Finds an analyte factor linking the two dimensions and composes source → factor's units → target, as one
    /// affine map `(value − fromOrigin) × numerator ÷ denominator + toOrigin`.
    private func bridge(
        from source: UCUMUnit,
        to target: UCUMUnit,
        analyte: Analyte?
    ) throws(UnitConversionError) -> (fromOrigin: Double, numerator: Double, denominator: Double, toOrigin: Double) {
        let bridgeable = analyteFactors.contains { factor in
            let ends = (units[factor.from]?.dimension, units[factor.to]?.dimension)
            return ends == (source.dimension, target.dimension) || ends == (target.dimension, source.dimension)
        }
        guard bridgeable else {
            throw .incompatible(
                from: source.code,
                to: target.code,
                fromDimension: source.dimension,
                toDimension: target.dimension
            )
        }
        guard let analyte else { throw .analyteRequired(from: source.code, to: target.code) }
        for factor in analyteFactors where factor.analyte == analyte {
            guard let start = units[factor.from], let end = units[factor.to] else { continue }
            // The factor may be stated in either direction; walking it backwards swaps its ratio.
            let forward = start.dimension == source.dimension && end.dimension == target.dimension
            let backward = end.dimension == source.dimension && start.dimension == target.dimension
            guard forward || backward else { continue }
            let (entry, exit) = forward ? (start, end) : (end, start)
            let (factorNumerator, factorDenominator) =
                forward ? (factor.numerator, factor.denominator) : (factor.denominator, factor.numerator)
            // source → entry (same dimension), × factor, exit → target (same dimension), as one ratio.
            let numerator = source.numerator * entry.denominator * factorNumerator * exit.numerator * target.denominator
            let denominator =
                source.denominator * entry.numerator * factorDenominator * exit.denominator * target.numerator
            // An affine factor's offset is in the factor's `from` unit. Walking forwards it is subtracted before
            // scaling, so it moves into the source unit (÷ source → entry); walking backwards it is added after
            // scaling, so it moves into the target unit (× exit → target). Bridged dimensions have origin 0.
            guard factor.offset != 0 else { return (source.origin, numerator, denominator, target.origin) }
            if forward {
                let offsetInSource =
                    factor.offset * source.denominator * entry.numerator
                    / (source.numerator * entry.denominator)
                return (source.origin + offsetInSource, numerator, denominator, target.origin)
            }
            let offsetInTarget =
                factor.offset * exit.numerator * target.denominator
                / (exit.denominator * target.numerator)
            return (source.origin, numerator, denominator, target.origin + offsetInTarget)
        }
        throw .noAnalyteFactor(analyte, from: source.code, to: target.code)
    }
}
