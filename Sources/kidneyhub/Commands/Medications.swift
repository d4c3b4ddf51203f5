import ArgumentParser
import Care
import Clinical
import Foundation
import HubCore
import HubStore

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
            let database = try openStoreForWriting(store)
            try await database.requireCurrentTerms()
            let stored = try await database.selectProfile(named: profile)
            let medication = Medication(
                name: name.trimmingCharacters(in: .whitespaces),
                dose: dose?.trimmingCharacters(in: .whitespaces) ?? "",
                schedule: schedule?.trimmingCharacters(in: .whitespaces) ?? ""
            )
            let problems = medicationProblems(medication)
            guard problems.isEmpty else {
                throw CommandFailure(
                    "not stored:\n" + problems.map { "  \($0)" }.joined(separator: "\n")
                )
            }
            var person = stored.profile
            if let existing = person.medications.first(where: { sameName($0.name, medication.name) }) {
                throw CommandFailure(
                    "not stored: profile '\(stored.name)' already has a medication named '\(existing.name)' "
                        + "(remove it first with `kidneyhub medications remove \"\(existing.name)\"`)"
                )
            }
            person.medications.append(medication)
            try await database.saveProfile(person, id: stored.id, atMs: currentEpochMilliseconds())
            print("Added \(medication.name) to profile '\(stored.name)'.")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a profile's medications.")
        @OptionGroup var store: StoreOptions
        @Option(help: "The profile (needed when the store holds several).") var profile: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let stored = try await openStoreForReading(store).selectProfile(named: profile)
            let medications = stored.profile.medications
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
            let database = try openStoreForWriting(store)
            try await database.requireCurrentTerms()
            let stored = try await database.selectProfile(named: profile)
            var person = stored.profile
            guard let index = person.medications.firstIndex(where: { sameName($0.name, name) }) else {
                let known = person.medications.map(\.name)
                throw CommandFailure(
                    "profile '\(stored.name)' has no medication named '\(name)' "
                        + "(medications: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
                )
            }
            let removed = person.medications.remove(at: index)
            try await database.saveProfile(person, id: stored.id, atMs: currentEpochMilliseconds())
            print("Removed \(removed.name) from profile '\(stored.name)'.")
        }
    }
}

/// Medication names compare ignoring letter case and surrounding spaces.
private func sameName(_ a: String, _ b: String) -> Bool {
    a.trimmingCharacters(in: .whitespaces).lowercased() == b.trimmingCharacters(in: .whitespaces).lowercased()
}

/// Every field of the medication that breaks its limits, as `FIELD: reason` (`name`, `--dose`, `--schedule`).
private func medicationProblems(_ medication: Medication) -> [String] {
    let parts = [
        ("name", Medication(name: medication.name)),
        ("--dose", Medication(name: "-", dose: medication.dose)),
        ("--schedule", Medication(name: "-", schedule: medication.schedule)),
    ]
    var problems: [String] = []
    for (label, single) in parts {
        do {
            try single.validate(field: "medication")
        } catch {
            problems.append("\(label): \(error.reason)")
        }
    }
    return problems
}
