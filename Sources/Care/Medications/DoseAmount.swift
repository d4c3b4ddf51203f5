import Foundation

/// The amount of one dose (FHIR `doseAndRate.doseQuantity` or `doseRange`), in a `DoseUnit`.
public enum DoseAmount: Sendable, Hashable, Codable {
    /// A fixed amount, such as 2 tablets or 800 mg.
    case quantity(Double, DoseUnit)
    /// A range, such as 1 to 2 tablets.
    case range(low: Double, high: Double, DoseUnit)

    /// The unit of either form.
    public var unit: DoseUnit {
        switch self {
        case .quantity(_, let unit), .range(_, _, let unit): unit
        }
    }
}

/// The unit of a dose: UCUM codes, with the product units (tablet, capsule, puff …) as UCUM annotations so every
/// dose unit exports with the UCUM system (an annotation such as `{tablet}` is a valid UCUM unit equal to 1).
public enum DoseUnit: String, Sendable, Hashable, Codable, CaseIterable {
    case milligram = "mg"
    case gram = "g"
    case microgram = "ug"
    case milliliter = "mL"
    case millimole = "mmol"
    case milliequivalent = "meq"
    /// International units (insulin, heparin, erythropoietin): the product unit "unit".
    case internationalUnit = "[IU]"
    case drop = "[drp]"
    case tablet = "{tablet}"
    case capsule = "{capsule}"
    case puff = "{puff}"
    case sachet = "{sachet}"
    case patch = "{patch}"

    /// The UCUM code (the raw value).
    public var ucum: String { rawValue }

    /// Reads a UCUM code or a product word (`tablet`, `tablets`, `unit`, `mcg` …); nil when unknown.
    public init?(text: String) {
        let lowered = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let exact = DoseUnit.allCases.first(where: { $0.rawValue.lowercased() == lowered }) {
            self = exact
            return
        }
        let words: [String: DoseUnit] = [
            "tablet": .tablet, "tablets": .tablet, "tab": .tablet, "capsule": .capsule, "capsules": .capsule,
            "cap": .capsule, "puff": .puff, "puffs": .puff, "unit": .internationalUnit, "units": .internationalUnit,
            "iu": .internationalUnit, "drop": .drop, "drops": .drop, "sachet": .sachet, "sachets": .sachet,
            "patch": .patch, "patches": .patch, "mcg": .microgram, "µg": .microgram, "ml": .milliliter,
        ]
        guard let unit = words[lowered] else { return nil }
        self = unit
    }
}
