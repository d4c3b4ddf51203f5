import ArgumentParser
import Care
import Clinical
import Foundation
import HubRecords
import HubServices

/// `kidneyhub medications stop ORDER`.
struct MedicationsStop: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop",
        abstract: "Stop an order: no more doses due and no interaction warnings for it."
    )
    @OptionGroup var store: StoreOptions
    @Argument(help: "The order: its id (8 characters are enough) or the medication's name.") var order: String
    @Option(help: "The profile (needed when the store holds several).") var profile: String?

    func run() async throws {
        do {
            let (stored, view) = try await store.openForWriting().medications.stop(order, profile: profile)
            print("Stopped \(view.order.medication.name) in profile '\(stored.name)'.")
        } catch let error as MedicationsError {
            throw CommandFailure("\(error)")
        }
    }
}
