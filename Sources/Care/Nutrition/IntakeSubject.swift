/// What a daily limit is about: a nutrient, or the fluid total.
public enum IntakeSubject: String, Sendable, Hashable, Codable, CaseIterable {
    case protein
    case sodium
    case potassium
    case phosphorus
    case fluid

    /// The UCUM unit the limit is in.
    public var unit: String { self == .fluid ? "mL" : (nutrient?.unit ?? "") }

    /// The nutrient, or nil for fluid.
    public var nutrient: Nutrient? {
        switch self {
        case .protein: .protein
        case .sodium: .sodium
        case .potassium: .potassium
        case .phosphorus: .phosphorus
        case .fluid: nil
        }
    }
}
