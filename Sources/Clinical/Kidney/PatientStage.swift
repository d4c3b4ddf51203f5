/// The KDIGO stage a patient is reported with, the same in every output (labs list, PDF, report card, JSON).
///
/// KDIGO 2012 CKD classification (Kidney Int Suppl 2013;3:1–150, chapter 1), kept by the KDIGO 2024 CKD guideline
/// (Kidney Int 2024;105(4S):S117–S314): a patient treated by dialysis is G5D whatever the eGFR (dialysis removes
/// what the eGFR equations assume); a kidney-transplant recipient's G category carries the suffix T ("G3aT").
/// Otherwise the G category of the latest eGFR, or, without one, of the profile's disease category.
public enum PatientStage {
    /// The stage text for a patient in `category` whose latest eGFR falls in `latest`; nil when neither tells.
    public static func text(category: DiseaseCategory?, latest: GFRCategory?) -> String? {
        switch category {
        case .hemodialysis?, .peritonealDialysis?:
            return "G5D"
        case .kidneyTransplant?:
            return latest.map { "\($0.rawValue)T" }
        case let notOnDialysis?:
            return (latest ?? notOnDialysis.gfrCategory)?.rawValue
        case nil:
            return latest?.rawValue
        }
    }
}
