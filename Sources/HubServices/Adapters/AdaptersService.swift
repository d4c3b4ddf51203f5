import AdapterHost
import AdapterProtocol
import Foundation
import HubRecords
import HubStore

/// The adapters installed on the search path: listing them with their state in the store, checking one against the
/// adapter protocol (the conformance suite), letting a failed one start again.
public struct AdaptersService: Sendable {
    let setup: AdapterSetup

    /// The adapters of `setup`'s search path.
    public init(_ setup: AdapterSetup) {
        self.setup = setup
    }

    /// The adapters found, each with its state in the store.
    public struct Listing: Sendable {
        /// One installed adapter.
        public struct Entry: Sendable {
            /// The adapter as installed (manifest, executable).
            public var adapter: InstalledAdapter
            /// Its state in the store ("idle" when the store never ran it).
            public var state: String
        }
        /// The adapters, in search-path order.
        public var adapters: [Entry]
        /// Manifests that were skipped, each with why.
        public var problems: [AdapterCatalog.Problem]
    }

    /// Why an adapter could not be checked.
    public enum CheckError: Error, Sendable, CustomStringConvertible {
        /// Nothing at the path.
        case noSuchFile(String)
        /// The path is neither a manifest nor an executable.
        case notAnAdapter(String)
        /// The manifest could not be read.
        case badManifest(AdapterCatalog.Problem)

        public var description: String {
            switch self {
            case .noSuchFile(let path): "no such file: \(path)"
            case .notAnAdapter(let path): "\(path) is neither a manifest nor an executable"
            case .badManifest(let problem): problem.description
            }
        }
    }

    /// The adapters on the search path with their states in the store at `storePath` (none when it does not exist).
    public func list(storeAt storePath: String) async throws -> Listing {
        var states: [String: String] = [:]
        if FileManager.default.fileExists(atPath: storePath) {
            for record in try await HubApplication.openExisting(atPath: storePath).store.adapters() {
                states[record.id] = record.state.rawValue
            }
        }
        return Listing(
            adapters: setup.catalog.adapters.map { Listing.Entry(adapter: $0, state: states[$0.id] ?? "idle") },
            problems: setup.catalog.problems
        )
    }

    /// Runs the conformance checks of Protocols/adapter-protocol.md §10 against the adapter at `path`: an
    /// adapter.json manifest, a directory holding one, or an adapter executable. Needs no store and no search path.
    public static func check(path: String) async throws(CheckError) -> ConformanceReport {
        let suite = try Self.suite(for: path)
        return await suite.run()
    }

    /// The suite for a manifest, its directory or an executable.
    private static func suite(for path: String) throws(CheckError) -> ConformanceSuite {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .noSuchFile(path)
        }
        let manifestPath = isDirectory.boolValue ? url.appendingPathComponent("adapter.json").path : url.path
        if manifestPath.hasSuffix(".json") {
            switch AdapterCatalog.load(manifestPath, productsDirectory: AdapterCatalog.runningExecutableDirectory) {
            case .success(let adapter): return ConformanceSuite(adapter: adapter)
            case .failure(let problem): throw .badManifest(problem)
            }
        }
        guard FileManager.default.isExecutableFile(atPath: url.path) else { throw .notAnAdapter(path) }
        return ConformanceSuite(
            adapterId: url.lastPathComponent,
            executable: url.path,
            workingDirectory: url.deletingLastPathComponent().path
        )
    }
}

extension DevicesService {
    /// Clears an adapter's tripped breaker (a crash loop marked it failed), so it may start again.
    public func retry(adapterId: String) async throws {
        try await app.viaRunningHub(ControlRetryRequest(adapterId: adapterId), { _ in }) {
            try await app.withInProcessHub(setup) { hub in try await hub.retry(adapterId: adapterId) }
        }
    }
}
