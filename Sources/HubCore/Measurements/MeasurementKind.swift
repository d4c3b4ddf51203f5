/// What a measurement measures; the kinds and units of adapter-protocol.md §5.2.
public enum MeasurementKind: String, Sendable, Hashable, Codable, CaseIterable {
    case bodyWeight = "body_weight"
    case bodyHeight = "body_height"
    case bodyFat = "body_fat"
    case bloodPressure = "blood_pressure"
    case heartRate = "heart_rate"
    case restingHeartRate = "resting_heart_rate"
    case bloodGlucose = "blood_glucose"
    /// β-hydroxybutyrate in capillary blood, from a ketone strip in a glucometer (FreeStyle Neo record type 9,
    /// Libre reading type 1), in mmol/L.
    case bloodKetone = "blood_ketone"
    case oxygenSaturation = "oxygen_saturation"
    case bodyTemperature = "body_temperature"
    case steps
    case distance
    case activeEnergy = "active_energy"
    case sleep
    // Import adapters (issue 7): intake from nutrition apps (Apple Health), all energy burned (Fitbit's
    // calories, BMR included), and workouts by their duration.
    case dietaryWater = "dietary_water"
    case dietaryPotassium = "dietary_potassium"
    case dietarySodium = "dietary_sodium"
    case dietaryPhosphorus = "dietary_phosphorus"
    case dietaryProtein = "dietary_protein"
    case totalEnergy = "total_energy"
    case workout

    /// The UCUM units this kind accepts, canonical (the unit the hub stores) first; adapter-protocol.md §5.2.
    public var acceptedUnits: [String] {
        switch self {
        case .bodyWeight: ["kg", "g", "[lb_av]"]
        case .bodyHeight: ["cm", "m", "[in_i]", "[ft_i]"]
        case .bodyFat: ["%"]
        case .bloodPressure: ["mm[Hg]", "kPa"]
        case .heartRate, .restingHeartRate: ["/min", "{beats}/min"]
        case .bloodGlucose: ["mg/dL", "mmol/L"]
        // Ketone strips report β-hydroxybutyrate in mmol/L only (FreeStyle Neo and Libre manuals); no mass unit is
        // accepted, so no analyte factor is needed.
        case .bloodKetone: ["mmol/L"]
        case .oxygenSaturation: ["%"]
        case .bodyTemperature: ["Cel", "[degF]"]
        case .steps: ["{steps}", "1"]
        case .distance: ["m", "km", "[mi_i]", "[ft_i]", "cm"]
        case .activeEnergy: ["kcal", "kJ"]
        case .sleep: ["min", "h", "s"]
        case .dietaryWater: ["mL", "L", "[foz_us]"]
        case .dietaryPotassium, .dietarySodium, .dietaryPhosphorus: ["mg", "g"]
        case .dietaryProtein: ["g", "mg"]
        case .totalEnergy: ["kcal", "kJ"]
        case .workout: ["min", "h", "s"]
        }
    }

    /// The unit the hub stores values of this kind in.
    public var canonicalUnit: String {
        acceptedUnits[0]
    }

    /// The components of a multi-valued kind, or nil for a kind with a single `value`.
    public var components: ComponentSpec? {
        switch self {
        case .bloodPressure: ComponentSpec(required: ["systolic", "diastolic"], optional: ["mean"])
        default: nil
        }
    }

    /// True for kinds measured over a time frame, which may carry `effectivePeriod` instead of `effectiveTime`.
    public var acceptsPeriod: Bool {
        switch self {
        case .steps, .distance, .activeEnergy, .sleep: true
        case .dietaryWater, .dietaryPotassium, .dietarySodium, .dietaryPhosphorus, .dietaryProtein: true
        case .totalEnergy, .workout: true
        default: false
        }
    }

    /// False for kinds whose values can never be negative in any accepted unit.
    ///
    /// Only temperature is on an affine scale where a negative number is physically meaningful, so only it may be
    /// negative; plausible ranges per kind are a clinical rule for later.
    public var allowsNegative: Bool {
        self == .bodyTemperature
    }

    /// The analyte whose molar mass links this kind's units, when they cross mass and substance concentration.
    public var analyte: Analyte? {
        self == .bloodGlucose ? .glucose : nil
    }
}

/// The named components of a multi-valued kind.
public struct ComponentSpec: Sendable, Hashable {
    /// Components every record must carry.
    public let required: [String]
    /// Components a record may carry.
    public let optional: [String]

    /// Every accepted component name, required ones first.
    public var all: [String] { required + optional }
}
