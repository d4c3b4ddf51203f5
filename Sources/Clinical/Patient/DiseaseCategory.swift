/// Where the patient's kidney disease stands; most rules (protein, fluid, alerts) depend on it.
///
/// CKD stages are the KDIGO GFR categories G1–G5 for patients not on dialysis (nutrition.md §2.9, KDIGO 2012 [R16]);
/// G3 is split into G3a and G3b as KDIGO does.
public enum DiseaseCategory: String, ProfileChoice, Hashable, Codable {
    case ckdG1 = "ckd_g1"
    case ckdG2 = "ckd_g2"
    case ckdG3a = "ckd_g3a"
    case ckdG3b = "ckd_g3b"
    case ckdG4 = "ckd_g4"
    case ckdG5 = "ckd_g5"
    case hemodialysis
    case peritonealDialysis = "peritoneal_dialysis"
    case kidneyTransplant = "kidney_transplant"

    /// True for hemodialysis and peritoneal dialysis.
    public var isDialysis: Bool {
        self == .hemodialysis || self == .peritonealDialysis
    }

    /// The KDIGO GFR category of a CKD stage not on dialysis; nil for dialysis and transplant.
    public var gfrCategory: GFRCategory? {
        switch self {
        case .ckdG1: .g1
        case .ckdG2: .g2
        case .ckdG3a: .g3a
        case .ckdG3b: .g3b
        case .ckdG4: .g4
        case .ckdG5: .g5
        case .hemodialysis, .peritonealDialysis, .kidneyTransplant: nil
        }
    }

    /// The CKD stage not on dialysis for a KDIGO GFR category (for example from the latest eGFR).
    public init(notOnDialysis category: GFRCategory) {
        self =
            switch category {
            case .g1: .ckdG1
            case .g2: .ckdG2
            case .g3a: .ckdG3a
            case .g3b: .ckdG3b
            case .g4: .ckdG4
            case .g5: .ckdG5
            }
    }
}
