import AdapterHost
import AdapterProtocol
import ArgumentParser
import Care
import Foundation

/// `kidneyhub adapters list|check`.
struct Adapters: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List installed adapters, or check one against the adapter protocol.",
        subcommands: [List.self, Check.self, Retry.self]
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the adapters found on the search path, with their state in the store."
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var search: AdapterOptions
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let catalog = search.catalog()
            var states: [String: String] = [:]
            if FileManager.default.fileExists(atPath: store.resolvedPath) {
                for record in try await openStoreForReading(store).adapters() {
                    states[record.id] = record.state.rawValue
                }
            }
            if json {
                struct Entry: Encodable {
                    var id, name, version, manifest, executable, state: String
                    var kinds: [String]
                }
                struct Listing: Encodable {
                    var adapters: [Entry]
                    var problems: [String]
                }
                try printJSON(
                    Listing(
                        adapters: catalog.adapters.map {
                            Entry(
                                id: $0.id,
                                name: $0.manifest.name,
                                version: $0.manifest.version,
                                manifest: $0.manifestPath,
                                executable: $0.executablePath,
                                state: states[$0.id] ?? "idle",
                                kinds: $0.manifest.kinds
                            )
                        },
                        problems: catalog.problems.map(\.description)
                    )
                )
                return
            }
            printTable(
                ["ID", "NAME", "VERSION", "KINDS", "MANIFEST"],
                catalog.adapters.map {
                    [
                        $0.id, $0.manifest.name, $0.manifest.version, $0.manifest.kinds.joined(separator: ","),
                        $0.manifestPath,
                    ]
                }
            )
            for problem in catalog.problems { print("skipped \(problem)") }
        }
    }

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run the conformance checks of Protocols/adapter-protocol.md §10 against an adapter.",
            discussion: "PATH is an adapter.json manifest (or its directory) or an adapter executable."
        )
        @Argument(help: "A manifest, a directory with adapter.json, or an executable.") var path: String
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            bootstrapLogging()
            let suite = try Self.suite(for: path)
            let report = await suite.run()
            if json {
                try printJSON(report)
            } else {
                printTable(
                    ["CHECK", "RESULT", "DETAIL"],
                    report.results.map { [$0.check, $0.verdict.rawValue.uppercased(), $0.detail] }
                )
                print(
                    report.passed
                        ? "\(report.adapter): conformant"
                        : "\(report.adapter): FAILED \(report.failedChecks.joined(separator: ", "))"
                )
            }
            if !report.passed { throw ExitCode(1) }
        }

        static func suite(for path: String) throws -> ConformanceSuite {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw ValidationError("no such file: \(path)")
            }
            let manifestPath = isDirectory.boolValue ? url.appendingPathComponent("adapter.json").path : url.path
            if manifestPath.hasSuffix(".json") {
                switch AdapterCatalog.load(manifestPath, productsDirectory: AdapterCatalog.runningExecutableDirectory) {
                case .success(let adapter): return ConformanceSuite(adapter: adapter)
                case .failure(let problem): throw ValidationError(problem.description)
                }
            }
            guard FileManager.default.isExecutableFile(atPath: url.path) else {
                throw ValidationError("\(path) is neither a manifest nor an executable")
            }
            return ConformanceSuite(
                adapterId: url.lastPathComponent,
                executable: url.path,
                workingDirectory: url.deletingLastPathComponent().path
            )
        }
    }

    struct Retry: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Let an adapter that was marked failed (a crash loop) start again."
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var search: AdapterOptions
        @Argument(help: "The adapter id.") var id: String

        func run() async throws {
            bootstrapLogging()
            try await viaRunningHub(store, ControlRetryRequest(adapterId: id), { _ in }) {
                try await withHub(store: store, search: search) { hub in try await hub.retry(adapterId: id) }
            }
            print("\(id) may start again")
        }
    }
}
