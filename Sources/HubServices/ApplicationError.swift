import HubRecords

/// Why the application could not do what was asked; each case names what and where.
public enum ApplicationError: Error, Sendable, CustomStringConvertible {
    /// No store exists at the path (a read needs one).
    case noStore(path: String)
    /// The store refused or failed.
    case store(HubStoreError)

    public var description: String {
        switch self {
        case .noStore(let path):
            "no store at \(path) yet: run `kidneyhub demo` or `kidneyhub devices sync` first, or pass --store"
        case .store(let error): "\(error)"
        }
    }
}
