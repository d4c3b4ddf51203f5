import ArgumentParser
import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// `kidneyhub terms show|accept`.
struct Terms: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The terms of use and liability release, which must be accepted before patient data is recorded.",
        subcommands: [Show.self, Accept.self],
        defaultSubcommand: Show.self
    )

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the current terms and whether (and when) they were accepted in this store."
        )
        @OptionGroup var store: StoreOptions
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            // Reading the terms needs no store; an existing one says whether they were accepted.
            let standing =
                FileManager.default.fileExists(atPath: store.resolvedPath)
                ? try await store.openForReading().terms.standing()
                : .notAccepted
            let terms = standing.terms
            if json {
                struct Listing: Encodable {
                    var version: String
                    var text: String
                    var accepted: Bool
                    var acceptedAt: String?
                    var previouslyAcceptedVersion: String?
                }
                try printJSON(
                    Listing(
                        version: terms.version,
                        text: terms.text,
                        accepted: standing.accepted != nil,
                        acceptedAt: standing.accepted.map { formatInstant($0.acceptedAtMs) },
                        previouslyAcceptedVersion: standing.previous?.version
                    )
                )
                return
            }
            print("Terms of use and liability release, version \(terms.version)\n")
            print(terms.text)
            print()
            if let accepted = standing.accepted {
                print("Accepted on \(formatInstant(accepted.acceptedAtMs)).")
            } else if let previous = standing.previous {
                print(
                    "Not accepted: you accepted version \(previous.version) on \(formatInstant(previous.acceptedAtMs)); "
                        + "these terms changed. Accept them with `kidneyhub terms accept`."
                )
            } else {
                print("Not accepted yet. Accept them with `kidneyhub terms accept`.")
            }
        }
    }

    struct Accept: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Accept the current terms (read them first with `kidneyhub terms show`)."
        )
        @OptionGroup var store: StoreOptions
        // Not `--version`: the command line's own `--version` (the program's) would be listed twice in the help.
        @Option(
            name: .customLong("terms-version"),
            help: "The version being accepted; must be the current one, as `kidneyhub terms show` prints it."
        )
        var version: String?

        func validate() throws {
            let current = TermsOfService.current.version
            if let version, version != current {
                throw ValidationError(
                    "--terms-version \(version) is not the current terms version (\(current)); read them with "
                        + "`kidneyhub terms show` and accept version \(current)"
                )
            }
        }

        func run() async throws {
            let acceptance = try await store.openForWriting(creatingFolder: true).terms.acceptCurrent()
            print(
                "Accepted the terms of use, version \(acceptance.version), on \(formatInstant(acceptance.acceptedAtMs))."
            )
        }
    }
}
