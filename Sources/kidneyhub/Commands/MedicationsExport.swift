import ArgumentParser
import Foundation
import HubRecords
import HubServices
import Reports

/// `kidneyhub medications export [--out FILE]`: orders and doses as a FHIR R4 Bundle.
struct MedicationsExport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the orders (MedicationRequest) and dose log (MedicationAdministration) as a FHIR R4 Bundle."
    )
    @OptionGroup var store: StoreOptions
    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "FILE")) var out: String?
    @Option(help: "The profile (needed when the store holds several).") var profile: String?

    func run() async throws {
        let (_, bundle) = try await store.openForReading().medications.exportFHIR(profile: profile)
        guard let out else { return print(bundle.text()) }
        do { try bundle.text().write(toFile: out, atomically: true, encoding: .utf8) } catch {
            throw CommandFailure("\(out): \(error.localizedDescription)")
        }
        print("Wrote \(out).")
    }
}
