/// The physical quantity a unit measures; only units of one dimension convert linearly into each other.
public enum UnitDimension: String, Sendable, Hashable, CaseIterable {
    case mass
    case length
    /// Pure numbers: counts, ratios and percentages (UCUM `1`, `%`, annotations such as `{steps}`).
    case dimensionless
    case pressure
    case frequency
    /// Mass per volume (mg/dL); crossing to `substanceConcentration` needs an analyte's molar mass.
    case massConcentration
    /// Amount of substance per volume (mmol/L).
    case substanceConcentration
    case temperature
    case energy
    case time
    case volume
    /// Charge per volume (meq/L); crossing to mmol/L needs the ion's valence, so it takes an analyte factor.
    case equivalentConcentration
    /// Amount of substance per amount of substance (mmol/mol).
    ///
    /// Kept apart from `dimensionless` because HbA1c in % (NGSP) and in mmol/mol (IFCC) are different scales: they
    /// convert only through the HbA1c factor, never as % ↔ ‰.
    case substanceFraction
    /// Mass per amount of substance (mg/mmol, the SI form of the urine albumin-to-creatinine ratio).
    case massPerSubstance
    /// Volume per time per 1.73 m² of body surface (eGFR). Unnormalized mL/min is deliberately absent.
    case normalizedFlowRate
}
