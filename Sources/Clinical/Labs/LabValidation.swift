import HubCore

/// Checks a lab result typed by a person or read from a file, and converts it to the lab's canonical unit.
public enum LabValidation {
    /// The result normalized, or the first field that is wrong: analyte, unit, value (finite, plausible), date.
    ///
    /// `unit` may be the UCUM code or a spelling the lab lists (`mEq/L`, `mg/dl`, `µmol/L`). `now` is the current
    /// instant in UTC epoch milliseconds; a sample taken after it is refused.
    public static func validate(
        analyte id: String,
        value: Double,
        unit: String,
        takenAt: RFC3339Timestamp,
        now: Int64,
        catalog: LabCatalog = .standard
    ) throws(LabValidationError) -> LabValue {
        guard let lab = catalog.analyte(id: id) else {
            throw .unknownAnalyte(id, known: catalog.ids)
        }
        guard let given = lab.unit(named: unit),
            let toCanonical = try? UnitTable.standard.converter(
                from: given.code,
                to: lab.canonicalUnit.code,
                analyte: lab.analyte
            )
        else {
            throw .unsupportedUnit(unit, analyte: lab.id, accepted: lab.acceptedUnitCodes)
        }
        guard value.isFinite else {
            throw .nonFiniteValue(value, analyte: lab.id)
        }
        let canonicalValue = toCanonical.apply(value)
        guard lab.plausibleRange.contains(canonicalValue) else {
            throw .outsidePlausibleRange(implausible(value, in: given, lab: lab))
        }
        guard takenAt.epochMilliseconds <= now else {
            throw .futureDate(analyte: lab.id, takenAt: takenAt, nowEpochMilliseconds: now)
        }
        return LabValue(
            analyteID: lab.id,
            value: canonicalValue,
            unit: lab.canonicalUnit.code,
            originalValue: value,
            originalUnit: given.code,
            takenAt: takenAt
        )
    }

    /// The refusal for a value outside the plausible range, with the range in the entered unit.
    private static func implausible(_ value: Double, in given: LabUnit, lab: LabAnalyte) -> ImplausibleLabValue {
        let canonical = LabRangeInUnit(
            lab.plausibleRange,
            unit: lab.canonicalUnit.code,
            decimals: lab.canonicalUnit.decimals
        )
        guard given.code != lab.canonicalUnit.code,
            let back = try? UnitTable.standard.converter(
                from: lab.canonicalUnit.code,
                to: given.code,
                analyte: lab.analyte
            )
        else {
            return ImplausibleLabValue(
                analyte: lab.id,
                value: value,
                unit: given.code,
                plausible: canonical,
                canonical: nil
            )
        }
        // Every accepted unit is an increasing function of the canonical one, so the ends map to the ends.
        let range = back.apply(lab.plausibleRange.lowerBound)...back.apply(lab.plausibleRange.upperBound)
        return ImplausibleLabValue(
            analyte: lab.id,
            value: value,
            unit: given.code,
            plausible: LabRangeInUnit(range, unit: given.code, decimals: given.decimals),
            canonical: canonical
        )
    }
}
