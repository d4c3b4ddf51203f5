import ArgumentParser
import Care
import Clinical
import Foundation
import HubRecords
import HubServices

/// `kidneyhub medications add NAME [dosage options]`.
struct MedicationsAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a medication order, e.g. `medications add sevelamer --dose 2 --unit tablet --when C`.",
        discussion: "The terms must be accepted first (`kidneyhub terms accept`)."
    )
    @OptionGroup var store: StoreOptions
    @Argument(help: "The medication's name.") var name: String
    @Option(help: ArgumentHelp("RxNorm concept id.", valueName: "RXCUI")) var rxnorm: String?
    @Option(help: ArgumentHelp("Who prescribed it ('self' for your own choice).", valueName: "NAME")) var prescriber:
        String?
    @Option(help: ArgumentHelp("What it is taken for.", valueName: "TEXT")) var reason: String?
    @Option(help: ArgumentHelp("A note kept with the order.", valueName: "TEXT")) var note: String?
    @OptionGroup var dosage: MedicationDosageOptions
    @Option(help: "The profile (needed when the store holds several).") var profile: String?
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let order = MedicationOrder(
            medication: MedicationCode(name: name, rxNorm: rxnorm),
            prescriber: Prescriber(text: prescriber ?? "self"),
            reason: reason,
            dosages: dosage.isGiven ? [try dosage.dosage()] : [],
            note: note
        )
        do {
            let (stored, view) = try await store.openForWriting().medications.add(order, profile: profile)
            if json { return try printJSON(view) }
            print("Added to profile '\(stored.name)':")
            MedicationOutput.lines(view).forEach { print($0) }
        } catch let error as MedicationsError {
            throw CommandFailure("not stored: \(error)")
        }
    }
}
