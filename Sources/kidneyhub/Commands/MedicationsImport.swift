import ArgumentParser
import Foundation
import HubRecords
import HubServices
import Reports

/// `kidneyhub medications import FILE`: a FHIR R4 Bundle or a single MedicationRequest.
struct MedicationsImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import medication orders from a FHIR R4 Bundle or MedicationRequest (JSON); all or none."
    )
    @OptionGroup var store: StoreOptions
    @Argument(help: "The JSON file.") var file: String
    @Option(help: "The profile (needed when the store holds several).") var profile: String?
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandFailure("\(file): cannot be read")
        }
        do {
            let (stored, views) = try await store.openForWriting().medications.importFHIR(data, profile: profile)
            if json { return try printJSON(views) }
            print("Imported \(views.count) order\(views.count == 1 ? "" : "s") into profile '\(stored.name)':")
            for view in views { MedicationOutput.lines(view).forEach { print($0) } }
        } catch let error as MedicationsError {
            throw CommandFailure("not imported: \(file): \(error)")
        }
    }
}
