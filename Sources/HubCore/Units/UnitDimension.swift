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
}
