import AdapterHost

/// Importing exports (Fitbit, Apple Health, Garmin FIT) through the file adapter whose manifest recognises each path.
public struct ImportService: Sendable {
    let app: HubApplication
    let setup: AdapterSetup

    /// The `maxBatchRecords` an import offers its adapter unless told otherwise. Exports are bulk: 2,000 records a
    /// batch instead of the protocol's default 500 means fewer, larger transactions (measured: about a third less CPU
    /// in the hub on an Apple export), and 2,000 importer records (about 250 bytes each) stay far below the 1 MiB
    /// line limit (§1).
    public static let defaultBatchRecords = 2000

    /// One path's outcome.
    public enum PathOutcome: Sendable {
        /// The path was read (to its end, or to the damage its report names in `failure`).
        case imported(ImportReport)
        /// The path could not be imported at all (not recognised, unreadable).
        case failed(path: String, error: String)
    }

    /// Imports each path in turn with one hub, so that importing the same export again stores nothing twice;
    /// `onStart` hears each path before it is read and `onEnd` after. Throws only when no hub could be had.
    public func importFiles(
        _ paths: [String],
        adapterId: String?,
        onStart: @Sendable (String) -> Void = { _ in },
        onEnd: @Sendable (String) -> Void = { _ in }
    ) async throws -> [PathOutcome] {
        try await app.withInProcessHub(setup) { hub in
            var outcomes: [PathOutcome] = []
            for path in paths {
                onStart(path)
                do {
                    outcomes.append(
                        .imported(try await hub.importFile(path: path, adapterId: adapterId, progressToken: "import"))
                    )
                } catch {
                    outcomes.append(.failed(path: path, error: "\(error)"))
                }
                onEnd(path)
            }
            return outcomes
        }
    }
}

extension HubApplication {
    /// File imports whose adapters are found and supervised as `setup` says.
    public func imports(_ setup: AdapterSetup) -> ImportService { ImportService(app: self, setup: setup) }
}
