/// How one HealthKit quantity type becomes a hub measurement (formats.md §2.4).
struct AppleHealthType: Sendable {
    /// The hub kind.
    var kind: String
    /// A short code for record ids.
    var code: String
    /// HealthKit unit string → UCUM unit the hub accepts for the kind.
    var units: [String: String]
    /// Whether the value is over a time frame (steps, energy, intake), sent as `effectivePeriod`.
    var overPeriod: Bool
    /// HealthKit unit string → factor to the UCUM unit, for units the hub has no code for
    /// (heart rate in `count/s`, as iOS 8 exports write it).
    var factors: [String: Double] = [:]
    /// For `%` types: HealthKit writes the fraction (`value="0.97"` for 97 %, formats.md §2.4).
    var isFraction = false

    /// The HealthKit type identifiers the importer reads (formats.md §2.4). Blood pressure is read from
    /// its correlations only (see `AppleHealthParser`), never from the top-level copies.
    static let table: [String: AppleHealthType] = [
        "HKQuantityTypeIdentifierBodyMass": AppleHealthType(
            kind: "body_weight",
            code: "mass",
            units: ["kg": "kg", "lb": "[lb_av]", "g": "g"],
            overPeriod: false
        ),
        "HKQuantityTypeIdentifierHeight": AppleHealthType(
            kind: "body_height",
            code: "height",
            units: ["cm": "cm", "m": "m", "in": "[in_i]", "ft": "[ft_i]"],
            overPeriod: false
        ),
        // iOS 8 exports write heart rate in count/s (formats.md §2.7 item 3): × 60 is per minute.
        "HKQuantityTypeIdentifierHeartRate": AppleHealthType(
            kind: "heart_rate",
            code: "hr",
            units: ["count/min": "/min", "count/s": "/min"],
            overPeriod: false,
            factors: ["count/s": 60]
        ),
        "HKQuantityTypeIdentifierRestingHeartRate": AppleHealthType(
            kind: "resting_heart_rate",
            code: "rhr",
            units: ["count/min": "/min"],
            overPeriod: false
        ),
        "HKQuantityTypeIdentifierStepCount": AppleHealthType(
            kind: "steps",
            code: "steps",
            units: ["count": "{steps}"],
            overPeriod: true
        ),
        // formats.md §2.4: glucose comes as mg/dL or as HealthKit's mmol<180.15588…>/L (mmol/L of glucose).
        "HKQuantityTypeIdentifierBloodGlucose": AppleHealthType(
            kind: "blood_glucose",
            code: "glucose",
            units: ["mg/dL": "mg/dL", "mmol/L": "mmol/L"],
            overPeriod: false
        ),
        "HKQuantityTypeIdentifierDietaryWater": AppleHealthType(
            kind: "dietary_water",
            code: "water",
            units: ["mL": "mL", "L": "L", "fl_oz_us": "[foz_us]"],
            overPeriod: true
        ),
        "HKQuantityTypeIdentifierDietaryPotassium": AppleHealthType(
            kind: "dietary_potassium",
            code: "potassium",
            units: ["mg": "mg", "g": "g"],
            overPeriod: true
        ),
        "HKQuantityTypeIdentifierDietarySodium": AppleHealthType(
            kind: "dietary_sodium",
            code: "sodium",
            units: ["mg": "mg", "g": "g"],
            overPeriod: true
        ),
        "HKQuantityTypeIdentifierDietaryPhosphorus": AppleHealthType(
            kind: "dietary_phosphorus",
            code: "phosphorus",
            units: ["mg": "mg", "g": "g"],
            overPeriod: true
        ),
        "HKQuantityTypeIdentifierDietaryProtein": AppleHealthType(
            kind: "dietary_protein",
            code: "protein",
            units: ["g": "g", "mg": "mg"],
            overPeriod: true
        ),
        // formats.md §2.4: body fat and oxygen saturation are fractions with unit `%`.
        "HKQuantityTypeIdentifierBodyFatPercentage": AppleHealthType(
            kind: "body_fat",
            code: "fat",
            units: ["%": "%"],
            overPeriod: false,
            isFraction: true
        ),
        "HKQuantityTypeIdentifierOxygenSaturation": AppleHealthType(
            kind: "oxygen_saturation",
            code: "spo2",
            units: ["%": "%"],
            overPeriod: false,
            isFraction: true
        ),
        // Distance units follow the locale (formats.md §2.7 item 7).
        "HKQuantityTypeIdentifierDistanceWalkingRunning": AppleHealthType(
            kind: "distance",
            code: "walk",
            units: ["km": "km", "m": "m", "cm": "cm", "mi": "[mi_i]", "ft": "[ft_i]"],
            overPeriod: true
        ),
        "HKQuantityTypeIdentifierDistanceCycling": AppleHealthType(
            kind: "distance",
            code: "cycle",
            units: ["km": "km", "m": "m", "cm": "cm", "mi": "[mi_i]", "ft": "[ft_i]"],
            overPeriod: true
        ),
        // formats.md §2.4: `Cal` is Apple's kilocalorie.
        "HKQuantityTypeIdentifierActiveEnergyBurned": AppleHealthType(
            kind: "active_energy",
            code: "energy",
            units: ["kcal": "kcal", "Cal": "kcal", "kJ": "kJ"],
            overPeriod: true
        ),
    ]

    /// The type named by a `Record`'s `type` attribute bytes; nil for types the importer does not read.
    static func named(_ name: UnsafeBufferPointer<UInt8>) -> AppleHealthType? {
        // Every name read starts with this prefix; comparing bytes spares a String and a hash per record.
        let prefix = "HKQuantityTypeIdentifier".utf8
        guard name.count > prefix.count, name.prefix(prefix.count).elementsEqual(prefix) else { return nil }
        return byName.first { $0.name.elementsEqual(name) }?.type
    }

    private static let byName: [(name: [UInt8], type: AppleHealthType)] = table.map { (Array($0.key.utf8), $0.value) }

    /// Sleep: a category record whose value names the stage (formats.md §2.4).
    static let sleepAnalysis = "HKCategoryTypeIdentifierSleepAnalysis"

    /// Whether a sleep record's value is time asleep. HKCategoryValueSleepAnalysis: in bed 0,
    /// asleep (unspecified) 1, awake 2, core 3, deep 4, REM 5; exports write the case name
    /// (`HKCategoryValueSleepAnalysisAsleepCore`), the oldest ones the number. Nil for a value
    /// that is none of them.
    static func sleepIsAsleep(_ value: String) -> Bool? {
        let name = value.hasPrefix("HKCategoryValueSleepAnalysis") ? String(value.dropFirst(28)) : value
        switch name {
        case "Asleep", "AsleepUnspecified", "AsleepCore", "AsleepDeep", "AsleepREM", "1", "3", "4", "5": return true
        case "InBed", "Awake", "0", "2": return false
        default: return nil
        }
    }

    /// Systolic and diastolic types, read inside `HKCorrelationTypeIdentifierBloodPressure`.
    static let systolic = "HKQuantityTypeIdentifierBloodPressureSystolic"
    static let diastolic = "HKQuantityTypeIdentifierBloodPressureDiastolic"
    static let bloodPressureCorrelation = "HKCorrelationTypeIdentifierBloodPressure"

    /// The value in the UCUM unit: scaled by the unit's factor, a fraction made a percentage.
    func value(_ value: Double, healthKitUnit: String) -> Double {
        let scaled = value * (factors[healthKitUnit] ?? 1)
        // A fraction is at most 1; a value above it was already written as a percentage.
        return isFraction && scaled <= 1 ? (scaled * 1000).rounded() / 10 : scaled
    }

    /// The UCUM unit for a HealthKit unit string; `mmol<M>/L` is mmol/L whatever molar mass M it names.
    func ucum(_ healthKitUnit: String) -> String? {
        if let unit = units[healthKitUnit] { return unit }
        if kind == "blood_glucose", healthKitUnit.hasPrefix("mmol<"), healthKitUnit.hasSuffix(">/L") { return "mmol/L" }
        return nil
    }
}
