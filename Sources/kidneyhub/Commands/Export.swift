import AdapterHost
import ArgumentParser
import Foundation
import HubCore
import HubRecords
import HubStore
import Reports

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
        let database = try openStoreForReading(store)
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("--out: cannot create \(out): \(error.localizedDescription)")
        }
        switch format {
        case .json:
            let document = try await exportDocument(database)
            let path = (out as NSString).appendingPathComponent("kidneyhub-backup.json")
            do { try document.json().write(toFile: path, atomically: true, encoding: .utf8) } catch {
                throw CommandFailure("cannot write \(path): \(error.localizedDescription)")
            }
            print("backup: \(path) (\(summary(document)))")
        case .csv:
            let document = try await exportDocument(database)
            do { try document.writeCSV(toDirectory: out) } catch { throw CommandFailure(error.description) }
            print("backup: \(document.tables.count) CSV files and manifest.json in \(out) (\(summary(document)))")
        case .fhir:
            let stored = try await database.selectProfile(named: profile)
            let built: (bundle: FHIRJSON, skipped: [String: Int])
            do { built = FHIRBundleBuilder.bundle(try await FHIRExportInput.load(database, profile: stored)) } catch {
                throw CommandFailure(error.description)
            }
            let safe = String(stored.name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
            let path = (out as NSString).appendingPathComponent("\(safe)-fhir.json")
            do { try (built.bundle.text() + "\n").write(toFile: path, atomically: true, encoding: .utf8) } catch {
                throw CommandFailure("cannot write \(path): \(error.localizedDescription)")
            }
            print("FHIR R4 Bundle: \(path)")
            for (kind, count) in built.skipped.sorted(by: { $0.key < $1.key }) {
                print("left out: \(count) \(kind) readings (no verified LOINC code)")
            }
        }
    }

    private func exportDocument(_ database: HubDatabase) async throws -> BackupDocument {
        do { return try await database.exportBackup() } catch { throw CommandFailure(error.description) }
    }

    private func summary(_ document: BackupDocument) -> String {
        "\(document.tables.reduce(0) { $0 + $1.rows.count }) rows in \(document.tables.count) tables, format version \(document.formatVersion)"
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
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandFailure("no backup at \(path)")
        }
        let file = isDirectory.boolValue ? (path as NSString).appendingPathComponent("kidneyhub-backup.json") : path
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandFailure("cannot read \(file)")
        }
        do {
            let document = try BackupDocument.parse(data)
            // USDA foods are not in a backup (the hub ships them) but its intake entries may refer to them by NDB
            // number, and own foods must come after them: the shipped database goes in first, as for `foods`.
            let database = try await openNutritionStore(store)
            let outcome = try await database.importBackup(document)
            print("imported \(outcome.totalInserted) rows, \(outcome.totalAlreadyPresent) already present")
            for table in document.tables
            where (outcome.inserted[table.name] ?? 0) + (outcome.alreadyPresent[table.name] ?? 0) > 0 {
                print(
                    "  \(table.name): \(outcome.inserted[table.name] ?? 0) new, \(outcome.alreadyPresent[table.name] ?? 0) already present"
                )
            }
        } catch let error as BackupError {
            throw CommandFailure("\(file): \(error)")
        }
    }
}
