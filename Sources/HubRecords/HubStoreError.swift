/// What can go wrong opening, locking or reading the store; each case names the store or row involved.
public enum HubStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store's directory could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// The store's folder or files could not be made owner-only (0700, 0600); nothing was opened.
    case cannotSecure(path: String, reason: String)
    /// SQLite could not open the store file.
    case cannotOpen(path: String, reason: String)
    /// A migration failed; the store is left at the last migration that committed.
    case migrationFailed(path: String, reason: String)
    /// The store was written by a newer KidneyHub (it has migrations this build does not know).
    case supersededSchema(path: String, unknownMigrations: [String])
    /// The lock file is not this user's: whoever owns it could hold it and stop this hub, so it is not used.
    case lockNotOwned(lockPath: String, ownerUID: UInt32)
    /// Another hub holds the store's lock.
    case storeLocked(storePath: String, lockPath: String)
    /// The lock file could not be opened or locked for a reason other than another holder.
    case lockFailed(lockPath: String, errno: Int32, reason: String)
    /// No adapter row has this id.
    case unknownAdapter(id: String)
    /// A stored row could not be read back (bad JSON, unknown kind).
    case corruptRow(table: String, id: Int64, reason: String)

    /// A sentence naming the store or row and what went wrong.
    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            "cannot create the store directory '\(path)': \(reason)"
        case .cannotSecure(let path, let reason):
            "cannot make the store '\(path)' readable by its owner only: \(reason)"
        case .cannotOpen(let path, let reason):
            "cannot open the store '\(path)': \(reason)"
        case .migrationFailed(let path, let reason):
            "cannot migrate the store '\(path)': \(reason)"
        case .supersededSchema(let path, let unknown):
            "the store '\(path)' was written by a newer KidneyHub (unknown migrations: "
                + "\(unknown.joined(separator: ", "))); upgrade KidneyHub to open it"
        case .storeLocked(let storePath, let lockPath):
            "the store '\(storePath)' is in use by another hub (lock '\(lockPath)' is held); "
                + "stop the other `kidneyhub serve` or choose another store"
        case .lockNotOwned(let lockPath, let owner):
            "the lock file '\(lockPath)' belongs to another user (uid \(owner)); remove it if no hub is running"
        case .lockFailed(let lockPath, let errno, let reason):
            "cannot lock '\(lockPath)': \(reason) (errno \(errno))"
        case .unknownAdapter(let id):
            "no adapter '\(id)' in the store"
        case .corruptRow(let table, let id, let reason):
            "cannot read \(table) row \(id): \(reason)"
        }
    }
}
