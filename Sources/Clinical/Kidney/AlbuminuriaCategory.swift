import HubCore

/// The KDIGO albuminuria category of a urine albumin-to-creatinine ratio, A1 to A3; ordered from A1 to A3.
///
/// Thresholds: nutrition.md §2.9 [R16], the KDIGO 2012 classification that the KDIGO 2024 CKD guideline [R12] keeps.
/// KDIGO states them in both units (A1 < 30 mg/g or < 3 mg/mmol; A2 30–300 or 3–30; A3 > 300 or > 30), and the
/// mg/mmol bounds are rounded rather than converted (30 mg/g is 3.39 mg/mmol), so a ratio is staged with the bounds of
/// the unit it was reported in.
public enum AlbuminuriaCategory: String, Sendable, Hashable, Codable, CaseIterable, Comparable,
    CustomStringConvertible
{
    case a1 = "A1"
    case a2 = "A2"
    case a3 = "A3"

    /// The category of a ratio in mg/g: A1 below 30, A2 from 30 to 300 inclusive, A3 above 300.
    public init(acrMgPerG acr: Double) throws(KDIGOStagingError) {
        guard acr.isFinite, acr >= 0 else { throw .invalidACR(acr, unit: "mg/g") }
        // nutrition.md §2.9 [R16]: A1 < 30, A2 30–300, A3 > 300 mg/g.
        self = acr < 30 ? .a1 : acr <= 300 ? .a2 : .a3
    }

    /// The category of a ratio in mg/mmol: A1 below 3, A2 from 3 to 30 inclusive, A3 above 30.
    public init(acrMgPerMmol acr: Double) throws(KDIGOStagingError) {
        guard acr.isFinite, acr >= 0 else { throw .invalidACR(acr, unit: "mg/mmol") }
        // nutrition.md §2.9 [R16]: A1 < 3, A2 3–30, A3 > 30 mg/mmol.
        self = acr < 3 ? .a1 : acr <= 30 ? .a2 : .a3
    }

    /// The category of a validated UACR result, staged in the unit it was entered in (mg/g or mg/mmol).
    public init(uacr: LabValue) throws(KDIGOStagingError) {
        let lab = LabAnalyte.urineAlbuminCreatinineRatio
        guard uacr.analyteID == lab.id else { throw .notUACR(uacr.analyteID) }
        switch uacr.originalUnit {
        case "mg/mmol": try self.init(acrMgPerMmol: uacr.originalValue)
        case "mg/g": try self.init(acrMgPerG: uacr.originalValue)
        default:
            guard
                let mgPerG = try? UnitTable.standard.convert(
                    uacr.value,
                    from: uacr.unit,
                    to: "mg/g",
                    analyte: lab.analyte
                )
            else { throw .invalidACR(uacr.value, unit: uacr.unit) }
            try self.init(acrMgPerG: mgPerG)
        }
    }

    /// KDIGO's words for the category (nutrition.md §2.9), for example "moderately increased".
    public var summary: String {
        switch self {
        case .a1: "normal to mildly increased"
        case .a2: "moderately increased"
        case .a3: "severely increased"
        }
    }

    /// The KDIGO label, for example `A2`.
    public var description: String { rawValue }

    /// A1 < A2 < A3: a higher category is more albuminuria.
    public static func < (lhs: AlbuminuriaCategory, rhs: AlbuminuriaCategory) -> Bool {
        lhs.severity < rhs.severity
    }

    private var severity: Int {
        Self.allCases.firstIndex(of: self) ?? 0
    }
}
