/// A lab value outside its plausible range, with the range in the entered unit (and the canonical one).
public struct ImplausibleLabValue: Sendable, Hashable, CustomStringConvertible {
    /// The lab's id.
    public let analyte: String
    /// The value as entered.
    public let value: Double
    /// The unit as entered (UCUM code).
    public let unit: String
    /// The plausible range in `unit`.
    public let plausible: LabRangeInUnit
    /// The plausible range in the canonical unit, when `unit` is not the canonical one.
    public let canonical: LabRangeInUnit?

    /// A value outside `plausible`.
    public init(analyte: String, value: Double, unit: String, plausible: LabRangeInUnit, canonical: LabRangeInUnit?) {
        self.analyte = analyte
        self.value = value
        self.unit = unit
        self.plausible = plausible
        self.canonical = canonical
    }

    /// "potassium 56 mmol/L is outside the plausible range 1.0–10.0 mmol/L", plus the canonical range in brackets.
    public var description: String {
        let text = "\(analyte) \(LabNumberFormat.asEntered(value)) \(unit) is outside the plausible range \(plausible)"
        guard let canonical else { return text }
        return "\(text) (\(canonical))"
    }
}

/// A closed range of lab values in one unit, shown with that unit's decimals: "1.0–10.0 mmol/L".
public struct LabRangeInUnit: Sendable, Hashable, CustomStringConvertible {
    /// The range, ends included.
    public let range: ClosedRange<Double>
    /// The UCUM code of the range's unit.
    public let unit: String
    /// Decimals to show the ends with.
    public let decimals: Int

    /// A range in `unit`.
    public init(_ range: ClosedRange<Double>, unit: String, decimals: Int) {
        self.range = range
        self.unit = unit
        self.decimals = decimals
    }

    /// "low–high unit".
    public var description: String {
        let low = LabNumberFormat.fixed(range.lowerBound, decimals: decimals)
        let high = LabNumberFormat.fixed(range.upperBound, decimals: decimals)
        return "\(low)–\(high) \(unit)"
    }
}
