/// Why a value could not be given a KDIGO category; each case names the input and what is accepted.
public enum KDIGOStagingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The eGFR is negative or not a finite number.
    case invalidEGFR(Double)
    /// The albumin-to-creatinine ratio is negative, not finite, or in a unit that cannot be staged.
    case invalidACR(Double, unit: String)
    /// The lab value passed as a UACR is another lab.
    case notUACR(String)

    /// The input at fault: `egfr` or `uacr`.
    public var field: String {
        switch self {
        case .invalidEGFR: "egfr"
        case .invalidACR, .notUACR: "uacr"
        }
    }

    /// What was wrong and what is accepted.
    public var reason: String {
        switch self {
        case .invalidEGFR(let value):
            "eGFR \(LabNumberFormat.asEntered(value)) cannot be staged (accepted: a finite number ≥ 0 mL/min/{1.73_m2})"
        case .invalidACR(let value, let unit):
            "albumin-to-creatinine ratio \(LabNumberFormat.asEntered(value)) \(unit) cannot be staged (accepted: a finite number ≥ 0 in mg/g or mg/mmol)"
        case .notUACR(let id):
            "albuminuria staging needs a 'uacr' result, not '\(id)'"
        }
    }

    /// `field: reason`.
    public var description: String { "\(field): \(reason)" }
}
