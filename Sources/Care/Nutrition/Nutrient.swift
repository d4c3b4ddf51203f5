/// A nutrient KidneyHub tracks, with the UCUM unit its amounts are kept in (USDA SR28 NUTR_DEF units).
///
/// The raw value is the store's column name and the key used in JSON. SR numbers: nutrition.md §1.4.
public enum Nutrient: String, Sendable, Hashable, Codable, CodingKeyRepresentable, CaseIterable {
    case energy
    case protein
    case fat
    case carbohydrate
    case sugars
    case fiber
    case water
    case calcium
    case phosphorus
    case potassium
    case sodium
    case vitaminK
    case alcohol
    case caffeine

    /// Hashes the case's position, not its name (which a `String` raw value would hash): amounts and totals are
    /// dictionaries keyed by nutrient, and hashing the name's characters for every amount of every log entry was a
    /// measurable part of the trends page's time (perf).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(position)
    }

    /// The case's position in `allCases`.
    private var position: Int {
        switch self {
        case .energy: 0
        case .protein: 1
        case .fat: 2
        case .carbohydrate: 3
        case .sugars: 4
        case .fiber: 5
        case .water: 6
        case .calcium: 7
        case .phosphorus: 8
        case .potassium: 9
        case .sodium: 10
        case .vitaminK: 11
        case .alcohol: 12
        case .caffeine: 13
        }
    }

    /// The UCUM unit of amounts of this nutrient (per 100 g in the food table, per portion in the log).
    public var unit: String {
        switch self {
        case .energy: "kcal"
        case .protein, .fat, .carbohydrate, .sugars, .fiber, .water, .alcohol: "g"
        case .calcium, .phosphorus, .potassium, .sodium, .caffeine: "mg"
        case .vitaminK: "ug"
        }
    }

    /// The USDA SR28 nutrient number (`Nutr_No`, sr28_doc.pdf Table 7; nutrition.md §1.4).
    public var usdaNumber: String {
        switch self {
        case .energy: "208"
        case .protein: "203"
        case .fat: "204"
        case .carbohydrate: "205"
        case .sugars: "269"
        case .fiber: "291"
        case .water: "255"
        case .calcium: "301"
        case .phosphorus: "305"
        case .potassium: "306"
        case .sodium: "307"
        case .vitaminK: "430"
        case .alcohol: "221"
        case .caffeine: "262"
        }
    }

    /// A name for people.
    public var displayName: String {
        switch self {
        case .energy: "Energy"
        case .protein: "Protein"
        case .fat: "Fat"
        case .carbohydrate: "Carbohydrate"
        case .sugars: "Sugars"
        case .fiber: "Fiber"
        case .water: "Water"
        case .calcium: "Calcium"
        case .phosphorus: "Phosphorus"
        case .potassium: "Potassium"
        case .sodium: "Sodium"
        case .vitaminK: "Vitamin K"
        case .alcohol: "Alcohol"
        case .caffeine: "Caffeine"
        }
    }
}
