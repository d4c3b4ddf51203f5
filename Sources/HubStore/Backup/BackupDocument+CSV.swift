import CSV
import Foundation
import HubRecords

extension BackupDocument {
    /// Writes one CSV file per table into `directory` (`<table>.csv`, header row of column names, written with
    /// CSV.swift) and `manifest.json` naming the format, its version and the tables. Text is always quoted, so an
    /// empty unquoted field is NULL and `""` an empty text; blobs are base64, reals the shortest exact decimal.
    public func writeCSV(toDirectory directory: String) throws(BackupError) {
        do {
            // Owner-only whatever the umask: a backup holds the whole record. An existing folder is the user's
            // choice and left as it is; the files written into it are 0600.
            try OwnerOnlyFiles.createDirectory(atPath: directory, tightenExisting: false)
            for table in tables {
                let path = (directory as NSString).appendingPathComponent("\(table.name).csv")
                // OutputStream creates a file 0666 minus the umask but keeps the mode of one that exists.
                try OwnerOnlyFiles.prepareFile(atPath: path, truncate: true)
                guard let stream = OutputStream(toFileAtPath: path, append: false) else {
                    throw BackupError.unreadable(path: path, reason: "cannot open for writing")
                }
                stream.open()
                let writer = try CSVWriter(stream: stream)
                try writer.write(row: table.columns)
                for row in table.rows {
                    try writer.write(row: row.map { $0.csvField() }) { index in
                        if case .text = row[index] { return true }
                        return false
                    }
                }
                writer.stream.close()
            }
            let manifest = """
                {
                "format": "\(Self.formatName)-csv",
                "formatVersion": \(formatVersion),
                "tables": [\(tables.map { CompactJSON.quoted($0.name) }.joined(separator: ", "))]
                }

                """
            try OwnerOnlyFiles.write(
                Data(manifest.utf8),
                toFile: (directory as NSString).appendingPathComponent("manifest.json")
            )
        } catch let error as BackupError {
            throw error
        } catch let error as OwnerOnlyFileError {
            throw .unreadable(path: directory, reason: error.description)
        } catch {
            throw .unreadable(path: directory, reason: String(describing: error))
        }
    }
}
