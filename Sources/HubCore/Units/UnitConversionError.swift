/// Why a value could not be converted between two units; every case names both units.
public enum UnitConversionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One of the codes is not in the unit table.
    case unknownUnit(String, from: String, to: String)
    /// The units measure different things and no analyte bridges them.
    case incompatible(from: String, to: String, fromDimension: UnitDimension, toDimension: UnitDimension)
    /// The units are linked only through a molar mass, so the caller must say which analyte it is.
    case analyteRequired(from: String, to: String)
    /// The table has no factor for this analyte between these dimensions.
    case noAnalyteFactor(Analyte, from: String, to: String)

    /// A sentence naming both units and what went wrong.
    public var description: String {
        switch self {
        case .unknownUnit(let code, let from, let to):
            return "cannot convert '\(from)' to '\(to)': unknown unit '\(code)'"
        case .incompatible(let from, let to, let fromDimension, let toDimension):
            return
                "cannot convert '\(from)' (\(fromDimension.rawValue)) to '\(to)' (\(toDimension.rawValue)): different quantities"
        case .analyteRequired(let from, let to):
            return "cannot convert '\(from)' to '\(to)' without naming the analyte (the factor is a molar mass)"
        case .noAnalyteFactor(let analyte, let from, let to):
            return "cannot convert '\(from)' to '\(to)': no factor for analyte '\(analyte.rawValue)'"
        }
    }
}
