import ArgumentParser
import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// `kidneyhub medications add|list|remove`: the medications kept in a profile.
struct Medications: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The medications a profile takes: name, dose and schedule as written.",
        subcommands: [Add.self, List.self, Remove.self],
        defaultSubcommand: List.self
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a medication, for example `kidneyhub medications add sevelamer --dose \"800 mg\" "
                + "--schedule \"with each meal\"`.",
            discussion: """
                Names are unique within a profile (letter case ignored). Limits: name 1–\(ProfileLimits.shortText) \
                characters, dose up to \(ProfileLimits.shortText), schedule up to \(ProfileLimits.longText). The \
                terms must be accepted first (`kidneyhub terms accept`).
                """
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The medication's name.") var name: String
        @Option(help: ArgumentHelp("The dose as written.", valueName: "TEXT")) var dose: String?
        @Option(help: ArgumentHelp("When it is taken, as written.", valueName: "TEXT")) var schedule: String?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            do {
                let (stored, medication) = try await store.openForWriting().medications.add(
                    name: name,
                    dose: dose,
                    schedule: schedule,
                    profile: profile
                )
                print("Added \(medication.name) to profile '\(stored.name)'.")
            } catch MedicationsError.invalid(let problems) {
                let labels: [MedicationsService.Field: String] = [
                    .name: "name", .dose: "--dose", .schedule: "--schedule",
                ]
                throw CommandFailure(
                    "not stored:\n"
                        + problems.map { "  \(labels[$0.field] ?? $0.field.rawValue): \($0.reason)" }.joined(
                            separator: "\n"
                        )
                )
            } catch MedicationsError.duplicate(let profileName, let existing) {
                throw CommandFailure(
                    "not stored: profile '\(profileName)' already has a medication named '\(existing)' "
                        + "(remove it first with `kidneyhub medications remove \"\(existing)\"`)"
                )
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a profile's medications.")
        @OptionGroup var store: StoreOptions
        @Option(help: "The profile (needed when the store holds several).") var profile: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let (stored, medications) = try await store.openForReading().medications.list(profile: profile)
            if json {
                try printJSON(medications)
                return
            }
            guard !medications.isEmpty else {
                print(
                    "Profile '\(stored.name)' has no medications; add one with "
                        + "`kidneyhub medications add NAME --dose TEXT --schedule TEXT`."
                )
                return
            }
            printTable(
                ["NAME", "DOSE", "SCHEDULE"],
                medications.map { [$0.name, $0.dose.isEmpty ? "-" : $0.dose, $0.schedule.isEmpty ? "-" : $0.schedule] }
            )
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a medication by name (letter case ignored).",
            discussion: "The terms must be accepted first (`kidneyhub terms accept`)."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The medication's name.") var name: String
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            do {
                let (stored, removed) = try await store.openForWriting().medications.remove(
                    name: name,
                    profile: profile
                )
                print("Removed \(removed.name) from profile '\(stored.name)'.")
            } catch let error as MedicationsError {
                throw CommandFailure("\(error)")
            }
        }
    }
}
