import HubCore

/// Why a lab result was refused; each case names the field at fault and what is accepted.
public enum LabValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The analyte id is not in the catalog.
    case unknownAnalyte(String, known: [String])
    /// The unit is not one the analyte accepts (or is empty).
    case unsupportedUnit(String, analyte: String, accepted: [String])
    /// The value is NaN or infinite.
    case nonFiniteValue(Double, analyte: String)
    /// The value is outside the analyte's plausible range; the range is given in the unit the value was entered in.
    case outsidePlausibleRange(ImplausibleLabValue)
    /// The sample time is after `now`.
    case futureDate(analyte: String, takenAt: RFC3339Timestamp, nowEpochMilliseconds: Int64)

    /// The input field at fault: `analyte`, `unit`, `value` or `date`.
    public var field: String {
        switch self {
        case .unknownAnalyte: "analyte"
        case .unsupportedUnit: "unit"
        case .nonFiniteValue, .outsidePlausibleRange: "value"
        case .futureDate: "date"
        }
    }

    /// What was wrong and what is accepted, for example "potassium 56 mmol/L is outside the plausible range
    /// 1.0–10.0 mmol/L".
    public var reason: String {
        switch self {
        case .unknownAnalyte(let id, let known):
            return "unknown lab '\(id)' (known: \(known.joined(separator: ", ")))"
        case .unsupportedUnit(let unit, let analyte, let accepted):
            let list = accepted.joined(separator: ", ")
            return unit.isEmpty
                ? "missing unit for \(analyte) (accepted: \(list))"
                : "\(analyte) is not accepted in '\(unit)' (accepted: \(list))"
        case .nonFiniteValue(let value, let analyte):
            return "\(analyte) value \(value) is not a finite number"
        case .outsidePlausibleRange(let problem):
            return problem.description
        case .futureDate(let analyte, let takenAt, let now):
            let nowText = RFC3339.format(epochMilliseconds: now, utcOffsetSeconds: takenAt.utcOffsetSeconds)
            return "\(analyte) date \(RFC3339.format(takenAt)) is in the future (now is \(nowText))"
        }
    }

    /// `field: reason`.
    public var description: String { "\(field): \(reason)" }
}
