import Foundation
import HubStore

/// The folder reports are kept in, with `index.json` listing them oldest first.
public struct ReportsFolder: Sendable {
    /// The folder's path.
    public let path: String

    /// The reports folder: `$KIDNEYHUB_REPORTS` when set, else `reports` beside the store.
    public static func forStore(atPath storePath: String, environment: [String: String]) -> ReportsFolder {
        if let configured = environment["KIDNEYHUB_REPORTS"], !configured.isEmpty {
            return ReportsFolder(path: configured)
        }
        let directory = (storePath as NSString).deletingLastPathComponent
        return ReportsFolder(
            path: ((directory.isEmpty ? "." : directory) as NSString).appendingPathComponent("reports")
        )
    }

    /// A folder at `path`.
    public init(path: String) { self.path = path }

    var indexPath: String { (path as NSString).appendingPathComponent("index.json") }

    /// Creates the folder if needed, owner-only (0700) whatever the umask, and tightens a folder and reports left
    /// with wider modes: the reports hold the patient's results.
    public func create() throws(ReportError) {
        do {
            try OwnerOnlyFiles.createDirectory(atPath: path)
            try OwnerOnlyFiles.tightenFiles(inDirectory: path)
        } catch {
            throw .output(path: path, reason: error.description)
        }
    }

    /// A file name for a new report that does not exist yet: `<profile>-<from>-<through>[-n].pdf`.
    public func newReportPath(profile: String, from: String, through: String) -> String {
        let safe = String(profile.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
        var candidate = (path as NSString).appendingPathComponent("\(safe)-\(from)-\(through).pdf")
        var number = 2
        while FileManager.default.fileExists(atPath: candidate) {
            candidate = (path as NSString).appendingPathComponent("\(safe)-\(from)-\(through)-\(number).pdf")
            number += 1
        }
        return candidate
    }

    /// The index, oldest first; an absent index is an empty one, an unreadable one an error naming the file.
    public func entries() throws(ReportError) -> [ReportIndexEntry] {
        guard let data = FileManager.default.contents(atPath: indexPath) else { return [] }
        do {
            return try JSONDecoder().decode([ReportIndexEntry].self, from: data)
        } catch {
            throw .output(path: indexPath, reason: "the index is not a list of reports: \(error)")
        }
    }

    /// Appends `entry` to the index (written to a 0600 temporary file, then renamed into place).
    public func append(_ entry: ReportIndexEntry) throws(ReportError) {
        try create()
        var all = try entries()
        all.append(entry)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try OwnerOnlyFiles.write(try encoder.encode(all), toFile: indexPath)
        } catch let error as OwnerOnlyFileError {
            throw .output(path: indexPath, reason: error.description)
        } catch {
            throw .output(path: indexPath, reason: error.localizedDescription)
        }
    }
}
