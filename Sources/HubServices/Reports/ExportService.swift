import Care
import FoodData
import Foundation
import HubRecords
import HubStore
import Reports

/// Everything out and back in: the versioned backup (JSON, or CSV per table), a FHIR R4 Bundle of one profile, and
/// restoring a JSON backup.
public struct ExportService: Sendable {
    let app: HubApplication

    /// What an export writes.
    public enum Format: String, Sendable, CaseIterable {
        /// DIR/kidneyhub-backup.json (docs/export-format.md).
        case json
        /// One DIR/<table>.csv per table and DIR/manifest.json.
        case csv
        /// DIR/<profile>-fhir.json, a FHIR R4 collection Bundle of one profile.
        case fhir
    }

    /// What an export wrote.
    public struct Written: Sendable, Equatable {
        /// The file written (json, fhir) or the directory (csv).
        public var path: String
        /// Tables in the backup (json, csv).
        public var tables: Int
        /// Rows in all of them.
        public var rows: Int
        /// The backup's format version.
        public var formatVersion: Int
        /// Readings of each kind left out of a FHIR Bundle (no verified LOINC code).
        public var leftOut: [String: Int]
    }

    /// Why an export or a restore failed; the text names the file.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The output directory could not be made.
        case cannotCreate(directory: String, reason: String)
        /// A file could not be written.
        case cannotWrite(path: String, reason: String)
        /// No backup at the path.
        case noBackup(String)
        /// The backup file could not be read.
        case cannotRead(String)
        /// The backup is not one this hub takes (the file named).
        case badBackup(file: String, BackupError)
        /// The store refused the backup or export.
        case backup(BackupError)
        /// The FHIR export failed.
        case fhir(ReportError)
        /// The shipped food database could not be loaded (a restore needs it first).

        public var description: String {
            switch self {
            case .cannotCreate(let directory, let reason): "--out: cannot create \(directory): \(reason)"
            case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
            case .noBackup(let path): "no backup at \(path)"
            case .cannotRead(let file): "cannot read \(file)"
            case .badBackup(let file, let error): "\(file): \(error)"
            case .backup(let error): error.description
            case .fhir(let error): error.description
            }
        }
    }

    /// Writes the export in `format` into `directory` (created if needed); `profile` chooses the FHIR Bundle's
    /// profile (nil: the only one).
    public func export(_ format: Format, into directory: String, profile: String? = nil) async throws -> Written {
        // A backup holds the whole record: a folder made here is 0700 and every file 0600, whatever the umask. An
        // existing folder the user named is left as it is (it may be shared for other things); its new files are not.
        do {
            try OwnerOnlyFiles.createDirectory(atPath: directory, tightenExisting: false)
        } catch {
            throw Failure.cannotCreate(directory: directory, reason: error.description)
        }
        switch format {
        case .json:
            let document = try await backup()
            let path = (directory as NSString).appendingPathComponent("kidneyhub-backup.json")
            do { try OwnerOnlyFiles.write(Data(document.json().utf8), toFile: path) } catch {
                throw Failure.cannotWrite(path: path, reason: error.description)
            }
            return Self.written(document, at: path)
        case .csv:
            let document = try await backup()
            do { try document.writeCSV(toDirectory: directory) } catch { throw Failure.backup(error) }
            return Self.written(document, at: directory)
        case .fhir:
            let stored = try await app.store.selectProfile(named: profile)
            let built: (bundle: FHIRJSON, skipped: [String: Int])
            do { built = FHIRBundleBuilder.bundle(try await FHIRExportInput.load(app.store, profile: stored)) } catch {
                throw Failure.fhir(error)
            }
            let safe = String(stored.name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
            let path = (directory as NSString).appendingPathComponent("\(safe)-fhir.json")
            do { try OwnerOnlyFiles.write(Data((built.bundle.text() + "\n").utf8), toFile: path) } catch {
                throw Failure.cannotWrite(path: path, reason: error.description)
            }
            return Written(path: path, tables: 0, rows: 0, formatVersion: 0, leftOut: built.skipped)
        }
    }

    /// What a restore did, with the backup's tables in their order.
    public struct Restored: Sendable, Equatable {
        /// Rows added and rows already present, by table.
        public var outcome: BackupImportOutcome
        /// The backup's table names, in its order.
        public var tables: [String]
    }

    /// Restores a backup made by a JSON export (`path` is the file or the directory holding kidneyhub-backup.json)
    /// into the store at `storePath`, empty or merged: rows already present are kept, so restoring twice adds
    /// nothing; one transaction, so a refused backup changes nothing (and makes no store where there was none).
    public static func restore(
        from path: String,
        intoStoreAt storePath: String,
        durability: StoreDurability = .full
    ) async throws -> Restored {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Failure.noBackup(path)
        }
        let file = isDirectory.boolValue ? (path as NSString).appendingPathComponent("kidneyhub-backup.json") : path
        guard let data = FileManager.default.contents(atPath: file) else { throw Failure.cannotRead(file) }
        do {
            let document = try BackupDocument.parse(data)
            let exports = try HubApplication.open(atPath: storePath, durability: durability, creatingFolder: true)
                .exports
            // USDA foods are not in a backup (the hub ships them) but its intake entries may refer to them by NDB
            // number, and own foods must come after them: the shipped database goes in first.
            try await exports.app.foods.ensureFoodDatabase()
            let outcome = try await exports.app.store.importBackup(document)
            return Restored(outcome: outcome, tables: document.tables.map(\.name))
        } catch let error as BackupError {
            throw Failure.badBackup(file: file, error)
        }
    }

    private func backup() async throws(Failure) -> BackupDocument {
        do { return try await app.store.exportBackup() } catch { throw .backup(error) }
    }

    private static func written(_ document: BackupDocument, at path: String) -> Written {
        Written(
            path: path,
            tables: document.tables.count,
            rows: document.tables.reduce(0) { $0 + $1.rows.count },
            formatVersion: document.formatVersion,
            leftOut: [:]
        )
    }
}

extension HubApplication {
    /// Export and backup.
    public var exports: ExportService { ExportService(app: self) }
}
