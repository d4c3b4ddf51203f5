import Foundation
import ZIPFoundation

/// An export as one file to hand over (a browser's download): the JSON backup, the FHIR Bundle, or the CSV tables
/// in one zip archive.
public struct ExportDownload: Sendable, Equatable {
    /// The file's name as offered to the person.
    public var fileName: String
    /// Its media type.
    public var contentType: String
    /// Its bytes.
    public var bytes: Data
}

extension ExportService {
    /// The export in `format` as one file: written into a temporary folder of the owner only, read back and the
    /// folder removed; CSV's files go into one zip archive. `profile` chooses the FHIR Bundle's profile.
    public func download(_ format: Format, profile: String? = nil) async throws -> ExportDownload {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kidneyhub-export-\(UUID().uuidString)"
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try await export(format, into: folder.appendingPathComponent("export").path, profile: profile)
        let file: URL
        let type: String
        switch format {
        case .json, .fhir:
            file = URL(fileURLWithPath: written.path)
            type = format == .json ? "application/json" : "application/fhir+json"
        case .csv:
            file = folder.appendingPathComponent("kidneyhub-csv.zip")
            do {
                try FileManager.default.zipItem(
                    at: URL(fileURLWithPath: written.path),
                    to: file,
                    shouldKeepParent: false
                )
            } catch {
                throw Failure.cannotWrite(path: file.path, reason: "\(error)")
            }
            type = "application/zip"
        }
        guard let bytes = FileManager.default.contents(atPath: file.path) else { throw Failure.cannotRead(file.path) }
        return ExportDownload(fileName: file.lastPathComponent, contentType: type, bytes: bytes)
    }
}
