/// A KDIGO CKD stage: the GFR category and, when a UACR is known, the albuminuria category ("G3a A2").
///
/// nutrition.md §2.9: report the stage as "G3a A2". CKD also needs the abnormality to last more than 3 months, and
/// G1–G2 are CKD only with a marker of kidney damage; this type names the categories, it does not diagnose.
public struct KDIGOStage: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The GFR category.
    public let gfr: GFRCategory
    /// The albuminuria category, or nil when no UACR is known.
    public let albuminuria: AlbuminuriaCategory?

    /// A stage from its two categories.
    public init(gfr: GFRCategory, albuminuria: AlbuminuriaCategory? = nil) {
        self.gfr = gfr
        self.albuminuria = albuminuria
    }

    /// The stage of an eGFR (mL/min/1.73 m²) and, optionally, a UACR in mg/g.
    public init(egfr: Double, acrMgPerG: Double? = nil) throws(KDIGOStagingError) {
        self.gfr = try GFRCategory(egfr: egfr)
        if let acrMgPerG {
            self.albuminuria = try AlbuminuriaCategory(acrMgPerG: acrMgPerG)
        } else {
            self.albuminuria = nil
        }
    }

    /// "G3a A2", or "G3a" without an albuminuria category.
    public var description: String {
        guard let albuminuria else { return gfr.rawValue }
        return "\(gfr.rawValue) \(albuminuria.rawValue)"
    }
}
