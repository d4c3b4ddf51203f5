import AdapterHost
import AdapterProtocol
import Foundation

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
    ///
    /// When `kidneyhub serve` holds the store, its hub imports each path (`hub/import` on its control socket), since
    /// a second hub cannot take the store's lock; progress is then reported by that hub, not here.
    public func importFiles(
        _ paths: [String],
        adapterId: String?,
        onStart: @Sendable (String) -> Void = { _ in },
        onEnd: @Sendable (String) -> Void = { _ in }
    ) async throws -> [PathOutcome] {
        if let running = ControlClient.connect(toStore: app.storePath) {
            var outcomes: [PathOutcome] = []
            for path in paths {
                onStart(path)
                do {
                    // The running hub resolves a relative path from its own working folder, not this command's.
                    let request = ControlImportRequest(path: Self.absolute(path), adapterId: adapterId)
                    var report = try await running.send(request)
                    report.path = path
                    outcomes.append(.imported(report))
                } catch let error as RPCError {
                    outcomes.append(.failed(path: path, error: error.message))
                } catch {
                    outcomes.append(.failed(path: path, error: "\(error)"))
                }
                onEnd(path)
            }
            await running.close()
            return outcomes
        }
        return try await app.withInProcessHub(setup) { hub in
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

extension ImportService {
    /// `path` from this process's working folder, as an absolute path.
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}

extension HubApplication {
    /// File imports whose adapters are found and supervised as `setup` says.
    public func imports(_ setup: AdapterSetup) -> ImportService { ImportService(app: self, setup: setup) }
}
