/// How a medication is taken, with the SNOMED CT route codes FHIR's route value set uses.
public enum DoseRoute: String, Sendable, Hashable, Codable, CaseIterable {
    case oral
    case sublingual
    case inhaled
    case subcutaneous
    case intravenous
    case intramuscular
    case topical
    case transdermal
    case nasal
    case ophthalmic
    case rectal

    /// The SNOMED CT code (FHIR R4 `route`, value set http://hl7.org/fhir/ValueSet/route-codes).
    public var snomed: String {
        switch self {
        case .oral: "26643006"
        case .sublingual: "37839007"
        case .inhaled: "447694001"
        case .subcutaneous: "34206005"
        case .intravenous: "47625008"
        case .intramuscular: "78421000"
        case .topical: "6064005"
        case .transdermal: "45890007"
        case .nasal: "46713006"
        case .ophthalmic: "54485002"
        case .rectal: "37161004"
        }
    }

    /// The route for a SNOMED CT code, nil when unknown.
    public init?(snomed: String) {
        guard let route = DoseRoute.allCases.first(where: { $0.snomed == snomed }) else { return nil }
        self = route
    }
}
