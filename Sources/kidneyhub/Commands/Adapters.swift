import AdapterHost
import AdapterProtocol
import ArgumentParser
import Foundation
import HubServices

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
            let listing = try await AdaptersService(search.setup()).list(storeAt: store.resolvedPath)
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
                        adapters: listing.adapters.map {
                            Entry(
                                id: $0.adapter.id,
                                name: $0.adapter.manifest.name,
                                version: $0.adapter.manifest.version,
                                manifest: $0.adapter.manifestPath,
                                executable: $0.adapter.executablePath,
                                state: $0.state,
                                kinds: $0.adapter.manifest.kinds
                            )
                        },
                        problems: listing.problems.map(\.description)
                    )
                )
                return
            }
            printTable(
                ["ID", "NAME", "VERSION", "KINDS", "MANIFEST"],
                listing.adapters.map(\.adapter).map {
                    [
                        $0.id, $0.manifest.name, $0.manifest.version, $0.manifest.kinds.joined(separator: ","),
                        $0.manifestPath,
                    ]
                }
            )
            for problem in listing.problems { print("skipped \(problem)") }
        }
    }

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run the conformance checks of the adapter protocol (section 10) against an adapter.",
            discussion: "PATH is an adapter.json manifest (or its directory) or an adapter executable."
        )
        @Argument(help: "A manifest, a directory with adapter.json, or an executable.") var path: String
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            bootstrapLogging()
            let report: ConformanceReport
            do { report = try await AdaptersService.check(path: path) } catch {
                throw ValidationError(error.description)
            }
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
            try await store.openForWriting().devices(search.setup()).retry(adapterId: id)
            print("\(id) may start again")
        }
    }
}
