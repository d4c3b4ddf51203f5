/// The units a patient wants to see values in; values are stored in canonical units and converted only for display.
///
/// Each choice names its UCUM code so conversions go through the one unit table (`UnitTable.standard`).
public struct DisplayUnits: Sendable, Hashable, Codable {
    /// Body weight: kg or lb.
    public var weight: WeightDisplayUnit
    /// Fluid intake: mL or US fl oz.
    public var fluid: FluidDisplayUnit
    /// Blood glucose: mg/dL or mmol/L.
    public var glucose: GlucoseDisplayUnit

    /// Units with any of their parts; SI-style by default.
    public init(
        weight: WeightDisplayUnit = .kilogram,
        fluid: FluidDisplayUnit = .millilitre,
        glucose: GlucoseDisplayUnit = .milligramsPerDecilitre
    ) {
        self.weight = weight
        self.fluid = fluid
        self.glucose = glucose
    }

    /// kg, mL, mg/dL.
    public static let metric = DisplayUnits()
}

/// How body weight is shown.
public enum WeightDisplayUnit: String, ProfileChoice, Hashable, Codable {
    case kilogram = "kg"
    case pound = "lb"

    /// The UCUM code in the unit table.
    public var ucum: String {
        switch self {
        case .kilogram: "kg"
        case .pound: "[lb_av]"
        }
    }
}

/// How fluid volumes are shown.
public enum FluidDisplayUnit: String, ProfileChoice, Hashable, Codable {
    case millilitre = "mL"
    case fluidOunce = "fl oz"

    /// The UCUM code in the unit table.
    public var ucum: String {
        switch self {
        case .millilitre: "mL"
        case .fluidOunce: "[foz_us]"
        }
    }
}

/// How blood glucose is shown.
public enum GlucoseDisplayUnit: String, ProfileChoice, Hashable, Codable {
    case milligramsPerDecilitre = "mg/dL"
    case millimolesPerLitre = "mmol/L"

    /// The UCUM code in the unit table.
    public var ucum: String {
        rawValue
    }
}
