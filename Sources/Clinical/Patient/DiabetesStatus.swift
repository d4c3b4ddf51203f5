/// Whether the patient has diabetes, and which type; diabetic diet goals and glucose alerts depend on it.
public enum DiabetesStatus: String, ProfileChoice, Hashable, Codable {
    /// No diabetes. Named so that it never reads as `Optional.none`.
    case noDiabetes = "none"
    case type1 = "type_1"
    case type2 = "type_2"

    /// True for type 1 and type 2.
    public var hasDiabetes: Bool {
        self != .noDiabetes
    }
}
