/// The language texts are shown to the patient in (ISO 639-1 codes); instructions are rendered in it.
public enum PatientLanguage: String, Sendable, Hashable, Codable, CaseIterable {
    case english = "en"
    case spanish = "es"
}
