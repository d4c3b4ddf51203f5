import ArgumentParser
import Care
import Clinical
import Foundation
import HubRecords
import HubServices

/// `kidneyhub medications list`.
struct MedicationsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the orders with their instructions (active and on hold; --all for every order)."
    )
    @OptionGroup var store: StoreOptions
    @Option(help: "The profile (needed when the store holds several).") var profile: String?
    @Flag(help: "Stopped and completed orders too.") var all = false
    @Flag(help: "Print JSON (each order with its rendered instructions).") var json = false

    func run() async throws {
        let (stored, views) = try await store.openForReading().medications.list(profile: profile, all: all)
        if json { return try printJSON(views) }
        guard !views.isEmpty else {
            print("Profile '\(stored.name)' has no medication orders; add one with `kidneyhub medications add NAME`.")
            return
        }
        for view in views { MedicationOutput.lines(view).forEach { print($0) } }
    }
}
