import Foundation
import GRDB
import HubRecords

extension HubDatabase {
    /// Every patient-data table of the store as a backup document, rows in primary-key order (one read transaction).
    public func exportBackup() async throws(BackupError) -> BackupDocument {
        do {
            return try await pool.read { db in
                var tables: [BackupDocument.Table] = []
                for spec in BackupTables.all {
                    let columns = try Self.columns(of: spec.name, db).map(\.name)
                    let order = try Self.primaryKeyOrder(of: spec.name, db)
                    let filter = spec.exportFilter.map { "WHERE \($0)" } ?? ""
                    let quoted = columns.map { "\"\($0)\"" }.joined(separator: ", ")
                    let rows = try Row.fetchAll(
                        db,
                        sql: "SELECT \(quoted) FROM \(spec.name) \(filter) ORDER BY \(order)"
                    )
                    .map { row in
                        try (0..<columns.count).map { index throws -> BackupValue in
                            try Self.backupValue(row[index] as DatabaseValue, table: spec.name)
                        }
                    }
                    tables.append(BackupDocument.Table(name: spec.name, columns: columns, rows: rows))
                }
                return BackupDocument(formatVersion: BackupDocument.formatVersion, tables: tables)
            }
        } catch let error as BackupError {
            throw error
        } catch {
            throw .store(String(describing: error))
        }
    }

    /// Restores a backup in one transaction: rows already in the store (by their natural key) are kept as they are,
    /// the rest inserted with their ids where free (so an import into an empty store keeps every id), references
    /// remapped. Either every row is in the store afterwards, or nothing changed.
    public func importBackup(_ document: BackupDocument) async throws(BackupError) -> BackupImportOutcome {
        guard document.formatVersion == BackupDocument.formatVersion else {
            throw .unsupportedVersion(document.formatVersion)
        }
        let specs = Dictionary(uniqueKeysWithValues: BackupTables.all.map { ($0.name, $0) })
        for table in document.tables where specs[table.name] == nil { throw .unknownTable(table.name) }
        let byName = Dictionary(document.tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        do {
            return try await pool.write { db in
                var outcome = BackupImportOutcome()
                var idMaps: [String: [Int64: Int64]] = [:]
                for spec in BackupTables.all {
                    guard let table = byName[spec.name] else { continue }
                    let storeColumns = Dictionary(
                        uniqueKeysWithValues: try Self.columns(of: spec.name, db).map { ($0.name, $0.type) }
                    )
                    for column in table.columns where storeColumns[column] == nil {
                        throw BackupError.unknownColumn(table: spec.name, column: column)
                    }
                    var idMap: [Int64: Int64] = [:]
                    for (index, cells) in table.rows.enumerated() {
                        let rowNumber = index + 1
                        guard cells.count == table.columns.count else {
                            throw BackupError.badRow(
                                table: spec.name,
                                row: rowNumber,
                                reason: "\(cells.count) values for \(table.columns.count) columns"
                            )
                        }
                        var values: [String: DatabaseValue] = [:]
                        for (column, cell) in zip(table.columns, cells) {
                            values[column] = try Self.databaseValue(
                                cell,
                                declaredType: storeColumns[column] ?? "",
                                table: spec.name,
                                row: rowNumber,
                                column: column
                            )
                        }
                        for (column, target) in spec.references {
                            guard let old = Int64.fromDatabaseValue(values[column] ?? .null) else { continue }
                            guard let new = idMaps[target]?[old] else {
                                throw BackupError.missingReference(
                                    table: spec.name,
                                    row: rowNumber,
                                    column: column,
                                    value: old
                                )
                            }
                            values[column] = new.databaseValue
                        }
                        let keyArguments = StatementArguments(spec.naturalKeyColumns.map { values[$0] ?? .null })
                        let oldId = spec.idColumn.flatMap { Int64.fromDatabaseValue(values[$0] ?? .null) }
                        let existingSQL =
                            "SELECT \(spec.idColumn ?? "rowid") FROM \(spec.name) WHERE \(spec.naturalKeySQL) LIMIT 1"
                        if let existing = try Int64.fetchOne(db, sql: existingSQL, arguments: keyArguments) {
                            if let oldId { idMap[oldId] = existing }
                            outcome.alreadyPresent[spec.name, default: 0] += 1
                            continue
                        }
                        if let idColumn = spec.idColumn, let oldId,
                            try Bool.fetchOne(
                                db,
                                sql: "SELECT EXISTS (SELECT 1 FROM \(spec.name) WHERE \(idColumn) = ?)",
                                arguments: [oldId]
                            ) == true
                        {
                            values[idColumn] = nil
                        }
                        let columns = values.keys.sorted()
                        let sql = """
                            INSERT INTO \(spec.name) (\(columns.map { "\"\($0)\"" }.joined(separator: ", ")))
                            VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))
                            """
                        try db.execute(sql: sql, arguments: StatementArguments(columns.map { values[$0]! }))
                        let newId = db.lastInsertedRowID
                        if let oldId { idMap[oldId] = newId }
                        if let afterInsert = spec.afterInsertSQL {
                            try db.execute(sql: afterInsert, arguments: [newId])
                        }
                        outcome.inserted[spec.name, default: 0] += 1
                    }
                    idMaps[spec.name] = idMap
                }
                return outcome
            }
        } catch let error as BackupError {
            throw error
        } catch {
            throw .store(String(describing: error))
        }
    }

    private static func columns(of table: String, _ db: Database) throws -> [(name: String, type: String)] {
        try Row.fetchAll(db, sql: "SELECT name, type FROM pragma_table_info(?) ORDER BY cid", arguments: [table]).map {
            (name: $0["name"], type: ($0["type"] as String).uppercased())
        }
    }

    private static func primaryKeyOrder(of table: String, _ db: Database) throws -> String {
        let keys = try Row.fetchAll(
            db,
            sql: "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk",
            arguments: [table]
        ).map { "\"\($0["name"] as String)\"" }
        return keys.isEmpty ? "rowid" : keys.joined(separator: ", ")
    }

    private static func backupValue(_ value: DatabaseValue, table: String) throws -> BackupValue {
        switch value.storage {
        case .null: return .null
        case let .int64(integer): return .integer(integer)
        case let .double(double):
            guard double.isFinite else {
                throw BackupError.badRow(table: table, row: 0, reason: "a value is not a finite number: \(double)")
            }
            return .real(double)
        case let .string(text): return .text(text)
        case let .blob(data): return .blob(data)
        }
    }

    private static func databaseValue(
        _ cell: BackupValue,
        declaredType: String,
        table: String,
        row: Int,
        column: String
    ) throws -> DatabaseValue {
        func bad(_ reason: String) -> BackupError { .badRow(table: table, row: row, reason: "\(column): \(reason)") }
        switch (cell, declaredType) {
        case (.null, _): return .null
        case let (.integer(value), "INTEGER"), let (.integer(value), "ANY"): return value.databaseValue
        case let (.integer(value), "REAL"): return Double(value).databaseValue
        case let (.real(value), "REAL"), let (.real(value), "ANY"): return value.databaseValue
        case let (.real(value), "INTEGER"):
            guard let exact = Int64(exactly: value) else { throw bad("\(value) is not a whole number") }
            return exact.databaseValue
        case let (.text(value), "TEXT"), let (.text(value), "ANY"): return value.databaseValue
        case let (.blob(data), "BLOB"), let (.blob(data), "ANY"): return data.databaseValue
        case let (.text(value), _): throw bad("text '\(value.prefix(40))' where \(declaredType) is expected")
        case (.blob, _): throw bad("binary data where \(declaredType) is expected")
        case let (.integer(value), _): throw bad("number \(value) where \(declaredType) is expected")
        case let (.real(value), _): throw bad("number \(value) where \(declaredType) is expected")
        }
    }
}

extension BackupDocument {
    /// Reads a backup written by `json()` (or any JSON of the same shape).
    public static func parse(_ data: Data) throws(BackupError) -> BackupDocument {
        struct Raw: Decodable {
            struct Table: Decodable {
                let name: String
                let columns: [String]
                let rows: [[BackupCell]]
            }
            let format: String
            let formatVersion: Int
            let tables: [Table]
        }
        let raw: Raw
        do { raw = try JSONDecoder().decode(Raw.self, from: data) } catch {
            throw .notABackup(reason: String(describing: error))
        }
        guard raw.format == formatName else {
            throw .notABackup(reason: "format is '\(raw.format)', not '\(formatName)'")
        }
        // Cells keep their JSON form until the store's column types are known; `BackupValue` mirrors `BackupCell`.
        let tables = raw.tables.map { table in
            Table(
                name: table.name,
                columns: table.columns,
                rows: table.rows.map { row in
                    row.map { cell -> BackupValue in
                        switch cell {
                        case .null: .null
                        case let .integer(value): .integer(value)
                        case let .real(value): .real(value)
                        case let .text(value): .text(value)
                        case let .blob(value): .blob(value)
                        }
                    }
                }
            )
        }
        return BackupDocument(formatVersion: raw.formatVersion, tables: tables)
    }
}
