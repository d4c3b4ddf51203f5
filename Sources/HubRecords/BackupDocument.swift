import Foundation

/// A whole backup: its format version and each table's columns and rows (docs/export-format.md).
public struct BackupDocument: Sendable, Equatable {
    /// The format's name, written first so a reader can tell the file apart from other JSON.
    public static let formatName = "kidneyhub-backup"
    /// The version of the backup format; bumped when a table or column changes meaning or goes away.
    public static let formatVersion = 1

    /// One table: its column names in store order and its rows in primary-key order.
    public struct Table: Sendable, Equatable {
        public var name: String
        public var columns: [String]
        public var rows: [[BackupValue]]

        /// A table with its columns and rows.
        public init(name: String, columns: [String], rows: [[BackupValue]]) {
            self.name = name
            self.columns = columns
            self.rows = rows
        }
    }

    public var formatVersion: Int
    public var tables: [Table]

    /// A document of the given version and tables.
    public init(formatVersion: Int, tables: [Table]) {
        self.formatVersion = formatVersion
        self.tables = tables
    }

    /// The document as JSON text: one row per line, so two exports compare line by line and diff well.
    public func json() -> String {
        var text = "{\n\"format\": \"\(Self.formatName)\",\n\"formatVersion\": \(formatVersion),\n\"tables\": ["
        for (index, table) in tables.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += "{\"name\": \(CompactJSON.quoted(table.name)), \"columns\": ["
            text += table.columns.map(CompactJSON.quoted).joined(separator: ", ")
            text += "], \"rows\": ["
            for (rowIndex, row) in table.rows.enumerated() {
                text += rowIndex == 0 ? "\n" : ",\n"
                text += "[" + row.map { $0.json() }.joined(separator: ", ") + "]"
            }
            text += table.rows.isEmpty ? "]}" : "\n]}"
        }
        return text + "\n]\n}\n"
    }
}

/// Why a backup could not be read or restored; each case names the place.
public enum BackupError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case notABackup(reason: String)
    case unsupportedVersion(Int)
    case unknownTable(String)
    case unknownColumn(table: String, column: String)
    case badRow(table: String, row: Int, reason: String)
    case missingReference(table: String, row: Int, column: String, value: Int64)
    case store(String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read \(path): \(reason)"
        case let .notABackup(reason): "not a KidneyHub backup: \(reason)"
        case let .unsupportedVersion(version):
            "backup format version \(version) is not supported (this KidneyHub reads version \(BackupDocument.formatVersion))"
        case let .unknownTable(name): "the backup has a table this store does not know: \(name)"
        case let .unknownColumn(table, column): "table \(table): column \(column) is unknown to this store"
        case let .badRow(table, row, reason): "table \(table), row \(row): \(reason)"
        case let .missingReference(table, row, column, value):
            "table \(table), row \(row): \(column) \(value) refers to a row that is neither in the backup nor in the store"
        case let .store(reason): "the store refused the backup, nothing was imported: \(reason)"
        }
    }
}

/// What an import did per table: rows added and rows already present.
public struct BackupImportOutcome: Sendable, Equatable {
    public var inserted: [String: Int] = [:]
    public var alreadyPresent: [String: Int] = [:]

    public var totalInserted: Int { inserted.values.reduce(0, +) }
    public var totalAlreadyPresent: Int { alreadyPresent.values.reduce(0, +) }

    /// A value from its parts.
    package init(inserted: [String: Int] = [:], alreadyPresent: [String: Int] = [:]) {
        self.inserted = inserted
        self.alreadyPresent = alreadyPresent
    }
}
