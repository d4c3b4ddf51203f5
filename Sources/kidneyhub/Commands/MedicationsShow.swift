import ArgumentParser
import Care
import Clinical
import Foundation
import HubRecords
import HubServices

/// `kidneyhub medications show ORDER`.
struct MedicationsShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one order, by id or name.")
    @OptionGroup var store: StoreOptions
    @Argument(help: "The order: its id (8 characters are enough) or the medication's name.") var order: String
    @Option(help: "The profile (needed when the store holds several).") var profile: String?
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        do {
            let (_, view) = try await store.openForReading().medications.show(order, profile: profile)
            if json { return try printJSON(view) }
            MedicationOutput.lines(view).forEach { print($0) }
            print("    id \(view.order.id.uuidString.lowercased())  prescriber \(view.order.prescriber)")
        } catch let error as MedicationsError {
            throw CommandFailure("\(error)")
        }
    }
}
