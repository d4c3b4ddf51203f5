/// What an account is in its clinic; stored as its raw value.
public enum Role: String, Sendable, CaseIterable, Codable {
    /// Creates clinicians and reads the clinic's audit log.
    case administrator
    /// Registers and lists the clinic's patients.
    case clinician
    /// Owns her record: symptom lists and side-effect questionnaires.
    case patient
    /// Reads the records of the patients who granted it, until they revoke it.
    case caregiver
}
