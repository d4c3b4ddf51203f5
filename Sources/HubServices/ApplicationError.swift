import HubRecords

/// Why the application could not do what was asked; each case names what and where.
public enum ApplicationError: Error, Sendable, CustomStringConvertible {
    /// No store exists at the path (a read needs one).
    case noStore(path: String)
    /// The store's folder does not exist and creating it was not asked for.
    case noFolder(path: String, folder: String)
    /// The store refused or failed.
    case store(HubStoreError)

    public var description: String {
        switch self {
        case .noStore(let path):
            "no store at \(path) yet: run `kidneyhub demo` or `kidneyhub devices sync` first, or pass --store"
        case .noFolder(let path, let folder):
            "no folder \(folder) for the store \(path)\n"
                + "check --store (or $KIDNEYHUB_STORE), or pass --create-folder to make it (accepting the terms does too)"
        case .store(let error): "\(error)"
        }
    }
}
