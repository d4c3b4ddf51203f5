import ArgumentParser
import Care
import Clinical
import Foundation
import HubRecords
import HubServices

/// `kidneyhub medications edit ORDER [options]`: changes the fields given; dosage options replace the first dosage.
struct MedicationsEdit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change an order (by id or name); dosage options replace its dosage instruction."
    )
    @OptionGroup var store: StoreOptions
    @Argument(help: "The order: its id (8 characters are enough) or the medication's name.") var order: String
    @Option(help: ArgumentHelp("A new name.", valueName: "NAME")) var name: String?
    @Option(help: ArgumentHelp("RxNorm concept id.", valueName: "RXCUI")) var rxnorm: String?
    @Option(help: ArgumentHelp("Who prescribed it ('self' for your own choice).", valueName: "NAME")) var prescriber:
        String?
    @Option(help: ArgumentHelp("What it is taken for.", valueName: "TEXT")) var reason: String?
    @Option(help: ArgumentHelp("A note kept with the order.", valueName: "TEXT")) var note: String?
    @Option(help: ArgumentHelp("active, on-hold, stopped or completed.", valueName: "STATUS")) var status: String?
    @OptionGroup var dosage: MedicationDosageOptions
    @Option(help: "The profile (needed when the store holds several).") var profile: String?
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let newStatus = try status.map { text in
            guard let found = OrderStatus(rawValue: text) else {
                throw CommandFailure("--status: '\(text)' is not active, on-hold, stopped or completed")
            }
            return found
        }
        let newDosage = dosage.isGiven ? try dosage.dosage() : nil
        let (name, rxnorm, prescriber, reason, note) = (self.name, self.rxnorm, self.prescriber, self.reason, self.note)
        do {
            let (_, view) = try await store.openForWriting().medications.edit(order, profile: profile) { order in
                if let name { order.medication.name = name }
                if let rxnorm { order.medication.rxNorm = rxnorm.isEmpty ? nil : rxnorm }
                if let prescriber { order.prescriber = Prescriber(text: prescriber) }
                if let reason { order.reason = reason.isEmpty ? nil : reason }
                if let note { order.note = note.isEmpty ? nil : note }
                if let newStatus { order.status = newStatus }
                if let newDosage {
                    if order.dosages.isEmpty { order.dosages = [newDosage] } else { order.dosages[0] = newDosage }
                }
            }
            if json { return try printJSON(view) }
            print("Changed:")
            MedicationOutput.lines(view).forEach { print($0) }
        } catch let error as MedicationsError {
            throw CommandFailure("not stored: \(error)")
        }
    }
}
