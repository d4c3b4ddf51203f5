/// Why CKD-EPI 2021 cannot give an eGFR for these inputs; each case names the input and what is accepted.
public enum CKDEPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The patient is younger than 18; the equation is for adults only.
    case ageBelowAdult(Int)
    /// The age is above 120 years.
    case ageImplausible(Int)
    /// Creatinine is zero, negative or not a finite number.
    case invalidCreatinine(Double)
    /// The creatinine unit is not one the creatinine lab accepts.
    case unsupportedCreatinineUnit(String, accepted: [String])
    /// The lab value passed as creatinine is another lab.
    case notCreatinine(String)

    /// The input at fault: `age`, `creatinine` or `unit`.
    public var field: String {
        switch self {
        case .ageBelowAdult, .ageImplausible: "age"
        case .invalidCreatinine, .notCreatinine: "creatinine"
        case .unsupportedCreatinineUnit: "unit"
        }
    }

    /// What was wrong and what is accepted.
    public var reason: String {
        switch self {
        case .ageBelowAdult(let age):
            "age \(age) is below \(CKDEPI2021.minimumAge): CKD-EPI 2021 is for adults only (accepted: 18–120 years)"
        case .ageImplausible(let age):
            "age \(age) is not a plausible age (accepted: 18–120 years)"
        case .invalidCreatinine(let value):
            "creatinine \(LabNumberFormat.asEntered(value)) is not a positive finite number (CKD-EPI needs creatinine > 0)"
        case .unsupportedCreatinineUnit(let unit, let accepted):
            "creatinine is not accepted in '\(unit)' (accepted: \(accepted.joined(separator: ", ")))"
        case .notCreatinine(let id):
            "CKD-EPI 2021 needs a creatinine result, not '\(id)'"
        }
    }

    /// `field: reason`.
    public var description: String { "\(field): \(reason)" }
}
