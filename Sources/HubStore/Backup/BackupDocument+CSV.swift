import CSV
import Foundation
import HubRecords

extension BackupDocument {
    /// Writes one CSV file per table into `directory` (`<table>.csv`, header row of column names, written with
    /// CSV.swift) and `manifest.json` naming the format, its version and the tables. Text is always quoted, so an
    /// empty unquoted field is NULL and `""` an empty text; blobs are base64, reals the shortest exact decimal.
    public func writeCSV(toDirectory directory: String) throws(BackupError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for table in tables {
                let path = (directory as NSString).appendingPathComponent("\(table.name).csv")
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
            try manifest.write(
                toFile: (directory as NSString).appendingPathComponent("manifest.json"),
                atomically: true,
                encoding: .utf8
            )
        } catch let error as BackupError {
            throw error
        } catch {
            throw .unreadable(path: directory, reason: String(describing: error))
        }
    }
}
