import Foundation

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

    /// Creates the folder if needed.
    public func create() throws(ReportError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .output(path: path, reason: error.localizedDescription)
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

    /// Appends `entry` to the index (written to a temporary file, then renamed into place).
    public func append(_ entry: ReportIndexEntry) throws(ReportError) {
        try create()
        var all = try entries()
        all.append(entry)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(all)
            try data.write(to: URL(fileURLWithPath: indexPath), options: .atomic)
        } catch {
            throw .output(path: indexPath, reason: error.localizedDescription)
        }
    }
}
