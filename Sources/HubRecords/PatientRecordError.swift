/// Why the store refused a patient-record read or write; each case says what to do next.
///
/// A type of its own rather than new `HubStoreError` cases, so that adding the patient record touched no shipped
/// file; the two may be merged.
public enum PatientRecordError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The current terms were never accepted in this store.
    case termsNotAccepted(current: String)
    /// An older terms version was accepted; the current one was not.
    case termsChanged(current: String, accepted: String)
    /// The store holds no profile yet.
    case noProfile
    /// No profile has this name.
    case unknownProfile(String, known: [String])
    /// Several profiles and none chosen.
    case profileNotChosen(known: [String])
    /// Another profile already has this name.
    case profileNameTaken(String)
    /// A lab result at the same instant is stored with another value.
    case labConflict(analyte: String, takenAt: String, stored: Double, new: Double, unit: String)
    /// The database failed underneath.
    case database(String)

    /// A sentence naming the problem and the command that fixes it.
    public var description: String {
        switch self {
        case .termsNotAccepted(let current):
            "the terms of use and liability release (version \(current)) have not been accepted, so no patient "
                + "data is recorded: read them with `kidneyhub terms show`, then accept with `kidneyhub terms accept`"
        case .termsChanged(let current, let accepted):
            "the terms of use changed (you accepted version \(accepted); the current version is \(current)), so no "
                + "patient data is recorded: read them with `kidneyhub terms show`, then accept with "
                + "`kidneyhub terms accept`"
        case .noProfile:
            "the store has no profile yet: create one with `kidneyhub profile set --name NAME`"
        case .unknownProfile(let name, let known):
            "no profile named '\(name)' (profiles: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
        case .profileNotChosen(let known):
            "the store holds \(known.count) profiles; choose one with --profile NAME (profiles: "
                + "\(known.joined(separator: ", ")))"
        case .profileNameTaken(let name):
            "another profile is already named '\(name)' (names are compared ignoring letter case)"
        case .labConflict(let analyte, let takenAt, let stored, let new, let unit):
            "\(analyte) taken at \(takenAt) is already stored as \(stored) \(unit); the new value "
                + "\(new) \(unit) conflicts with it, so nothing was stored: correct or remove the entry"
        case .database(let reason):
            "store error: \(reason)"
        }
    }
}
