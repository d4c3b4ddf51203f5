import HubServices

extension StoreOptions {
    /// The application on this store, for a command that writes patient data or the terms acceptance (the store is
    /// created when missing).
    ///
    /// The store's folder is made only with `--create-folder` or when `creatingFolder` is set (accepting the terms, the demo).
    func openForWriting(creatingFolder: Bool = false) throws -> HubApplication {
        try HubApplication.open(
            atPath: resolvedPath,
            durability: durability,
            creatingFolder: createFolder || creatingFolder
        )
    }

    /// The application on the existing store, for a command that only reads (an error names the path when missing).
    func openForReading() throws -> HubApplication {
        try HubApplication.openExisting(atPath: resolvedPath)
    }
}
