import ArgumentParser
import Care
import Clinical
import Foundation
import HubRecords
import HubServices

/// `kidneyhub medications add|edit|stop|list|show|import`: structured medication orders.
struct Medications: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Medication orders: what to take, how much and when, with instructions in the profile's language.",
        subcommands: [
            MedicationsAdd.self, MedicationsEdit.self, MedicationsStop.self, MedicationsList.self,
            MedicationsShow.self, MedicationsImport.self, MedicationsExport.self,
        ],
        defaultSubcommand: MedicationsList.self
    )
}
