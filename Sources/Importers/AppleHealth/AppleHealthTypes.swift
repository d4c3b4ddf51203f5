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
        "HKQuantityTypeIdentifierHeartRate": AppleHealthType(
            kind: "heart_rate",
            code: "hr",
            units: ["count/min": "/min"],
            overPeriod: false
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

    /// Systolic and diastolic types, read inside `HKCorrelationTypeIdentifierBloodPressure`.
    static let systolic = "HKQuantityTypeIdentifierBloodPressureSystolic"
    static let diastolic = "HKQuantityTypeIdentifierBloodPressureDiastolic"
    static let bloodPressureCorrelation = "HKCorrelationTypeIdentifierBloodPressure"

    /// The UCUM unit for a HealthKit unit string; `mmol<M>/L` is mmol/L whatever molar mass M it names.
    func ucum(_ healthKitUnit: String) -> String? {
        if let unit = units[healthKitUnit] { return unit }
        if kind == "blood_glucose", healthKitUnit.hasPrefix("mmol<"), healthKitUnit.hasSuffix(">/L") { return "mmol/L" }
        return nil
    }
}
