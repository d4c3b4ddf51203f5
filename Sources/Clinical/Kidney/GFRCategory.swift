/// The KDIGO GFR category of an eGFR, G1 (normal or high) to G5 (kidney failure); ordered from G1 to G5.
///
/// Thresholds (mL/min/1.73 m²): nutrition.md §2.9 [R16], the KDIGO 2012 classification that the KDIGO 2024 CKD
/// guideline (Kidney Int 2024;105(4S):S117–S314 [R12]) keeps. Each category includes its lower bound: 60 is G2,
/// 59.99 is G3a.
public enum GFRCategory: String, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    case g1 = "G1"
    case g2 = "G2"
    case g3a = "G3a"
    case g3b = "G3b"
    case g4 = "G4"
    case g5 = "G5"

    /// The category of an eGFR in mL/min/1.73 m²; refuses a negative or non-finite value.
    public init(egfr: Double) throws(KDIGOStagingError) {
        guard egfr.isFinite, egfr >= 0 else { throw .invalidEGFR(egfr) }
        // nutrition.md §2.9 [R16]: G1 ≥ 90, G2 60–89, G3a 45–59, G3b 30–44, G4 15–29, G5 < 15.
        self =
            switch egfr {
            case 90...: .g1
            case 60..<90: .g2
            case 45..<60: .g3a
            case 30..<45: .g3b
            case 15..<30: .g4
            default: .g5
            }
    }

    /// The category's eGFR range as KDIGO writes it, for example "45–59".
    public var egfrRange: String {
        switch self {
        case .g1: "≥ 90"
        case .g2: "60–89"
        case .g3a: "45–59"
        case .g3b: "30–44"
        case .g4: "15–29"
        case .g5: "< 15"
        }
    }

    /// KDIGO's words for the category (nutrition.md §2.9), for example "mildly decreased".
    public var summary: String {
        switch self {
        case .g1: "normal or high"
        case .g2: "mildly decreased"
        case .g3a: "mildly to moderately decreased"
        case .g3b: "moderately to severely decreased"
        case .g4: "severely decreased"
        case .g5: "kidney failure"
        }
    }

    /// The KDIGO label, for example `G3a`.
    public var description: String { rawValue }

    /// G1 < G2 < … < G5: a higher category is worse kidney function.
    public static func < (lhs: GFRCategory, rhs: GFRCategory) -> Bool {
        lhs.severity < rhs.severity
    }

    private var severity: Int {
        Self.allCases.firstIndex(of: self) ?? 0
    }
}
