/// What the store refuses, with the field or thing it concerns.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// Another account already has this username (for a patient, her NHS number).
    case duplicateUsername
    /// No row with this id (an account, a clinic, a grant).
    case notFound(String)
    /// The database holds a value this version does not understand (for example a role).
    case unreadable(String)

    public var description: String {
        switch self {
        case .duplicateUsername: "an account with this username already exists"
        case .notFound(let what): "no such \(what)"
        case .unreadable(let what): "the database holds an unreadable \(what)"
        }
    }
}
