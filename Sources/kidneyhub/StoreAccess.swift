import HubServices

extension StoreOptions {
    /// The application on this store, for a command that writes patient data or the terms acceptance (the store is
    /// created when missing).
    func openForWriting() throws -> HubApplication {
        try HubApplication.open(atPath: resolvedPath, durability: durability)
    }

    /// The application on the existing store, for a command that only reads (an error names the path when missing).
    func openForReading() throws -> HubApplication {
        try HubApplication.openExisting(atPath: resolvedPath)
    }
}
