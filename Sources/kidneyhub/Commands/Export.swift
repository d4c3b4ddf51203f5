import ArgumentParser
import Foundation
import HubRecords
import HubServices

/// `kidneyhub export --format json|csv|fhir [--out DIR]`.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export everything: a versioned backup (json, csv) or a FHIR R4 Bundle (fhir).",
        discussion: """
            json writes DIR/kidneyhub-backup.json (docs/export-format.md): every profile, lab, reading, intake \
            entry, custom food and recipe, goal, reward, notification setting and photo thumbnail; \
            `kidneyhub import-backup` restores it. csv writes one DIR/<table>.csv per table and DIR/manifest.json. \
            fhir writes DIR/<profile>-fhir.json, a FHIR R4 collection Bundle of one profile (--profile when the \
            store holds several): Patient, Observations with LOINC codes and UCUM units, MedicationStatements.
            """
    )
    enum Format: String, ExpressibleByArgument, CaseIterable { case json, csv, fhir }

    @OptionGroup var store: StoreOptions
    @Option(help: ArgumentHelp("What to write.", valueName: "json|csv|fhir")) var format: Format
    @Option(help: "The directory to write into (created if needed; default: the current directory).") var out = "."
    @Option(help: "With fhir: the profile (needed when the store holds several).") var profile: String?

    func run() async throws {
        let exports = try store.openForReading().exports
        switch format {
        case .json:
            let written = try await exports.export(.json, into: out)
            print("backup: \(written.path) (\(summary(written)))")
        case .csv:
            let written = try await exports.export(.csv, into: out)
            print("backup: \(written.tables) CSV files and manifest.json in \(out) (\(summary(written)))")
        case .fhir:
            let written = try await exports.export(.fhir, into: out, profile: profile)
            print("FHIR R4 Bundle: \(written.path)")
            for (kind, count) in written.leftOut.sorted(by: { $0.key < $1.key }) {
                print("left out: \(count) \(kind) readings (no verified LOINC code)")
            }
        }
    }

    private func summary(_ written: ExportService.Written) -> String {
        "\(written.rows) rows in \(written.tables) tables, format version \(written.formatVersion)"
    }
}

/// `kidneyhub import-backup PATH`.
struct ImportBackup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-backup",
        abstract: "Restore a backup made by `kidneyhub export --format json`, into an empty store or merged.",
        discussion: """
            PATH is kidneyhub-backup.json or the directory holding it. Rows already in the store (the same profile \
            name, device reading, lab, intake entry, goal, reward...) are kept as they are, so importing twice adds \
            nothing the second time. One transaction: a refused backup changes nothing.
            """
    )
    @OptionGroup var store: StoreOptions
    @Argument(help: "The backup file, or the directory holding kidneyhub-backup.json.") var path: String

    func run() async throws {
        let restored = try await ExportService.restore(
            from: path,
            intoStoreAt: store.resolvedPath,
            durability: store.durability
        )
        let outcome = restored.outcome
        print("imported \(outcome.totalInserted) rows, \(outcome.totalAlreadyPresent) already present")
        for table in restored.tables
        where (outcome.inserted[table] ?? 0) + (outcome.alreadyPresent[table] ?? 0) > 0 {
            print(
                "  \(table): \(outcome.inserted[table] ?? 0) new, \(outcome.alreadyPresent[table] ?? 0) already present"
            )
        }
    }
}
