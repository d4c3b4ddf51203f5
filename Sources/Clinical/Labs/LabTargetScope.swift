/// Which patients a lab target applies to; nutrition.md §2.8 gives some targets only for dialysis or diabetes.
public enum LabTargetScope: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every patient.
    case anyone
    /// CKD stages G3a–G4 not on dialysis (NKF KDOQI 2003 "stages 3–4").
    case ckdG3ToG4 = "ckd_g3_g4"
    /// Hemodialysis and peritoneal dialysis.
    case dialysis
    /// Patients with type 1 or type 2 diabetes.
    case diabetes

    /// True when a target of this scope applies to a patient in `category`, with or without diabetes.
    public func applies(to category: DiseaseCategory, hasDiabetes: Bool) -> Bool {
        switch self {
        case .anyone: true
        case .ckdG3ToG4: [.ckdG3a, .ckdG3b, .ckdG4].contains(category)
        case .dialysis: category.isDialysis
        case .diabetes: hasDiabetes
        }
    }
}
