import GRDB
import GRDBSQLite

/// One INSERT (of one or many rows) prepared and run through SQLite's C API on a GRDB connection,
/// inside a GRDB transaction.
///
/// The ingest hot path binds 14 values per row; GRDB's `StatementArguments` box each one in an
/// existential, which measured at about half of the hub's insert cost (docs/benchmarks.md). The
/// statement is private to one batch and finalized after it, so GRDB's statement cache never sees
/// it. It is not seen by GRDB's transaction observers either; nothing observes measurements yet,
/// and a future observer can use the `IngestOutcome` the batch returns.
final class RawInsert {
    private let connection: OpaquePointer
    private let statement: OpaquePointer
    /// SQLITE_TRANSIENT: SQLite copies the bytes, so a Swift string's buffer may go away.
    private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(sql: String, in db: Database) throws {
        guard let connection = db.sqliteConnection else {
            throw DatabaseError(message: "the database connection is closed")
        }
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v2(connection, sql, -1, &prepared, nil)
        guard code == SQLITE_OK, let prepared else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code),
                message: String(cString: sqlite3_errmsg(connection)),
                sql: sql
            )
        }
        self.connection = connection
        self.statement = prepared
    }

    func bind(_ index: Int32, _ value: Int64?) {
        if let value { sqlite3_bind_int64(statement, index, value) } else { sqlite3_bind_null(statement, index) }
    }

    func bind(_ index: Int32, _ value: Double?) {
        if let value { sqlite3_bind_double(statement, index, value) } else { sqlite3_bind_null(statement, index) }
    }

    func bind(_ index: Int32, _ value: String?) {
        guard let value else {
            sqlite3_bind_null(statement, index)
            return
        }
        var text = value
        text.withUTF8 { bytes in
            _ = bytes.withMemoryRebound(to: CChar.self) {
                sqlite3_bind_text(statement, index, $0.baseAddress, Int32($0.count), transient)
            }
        }
    }

    /// Runs the statement once, handing `row` the first column (an integer) of each row it returns (an
    /// `INSERT … RETURNING id`). Throws SQLite's error, so the caller's transaction rolls back.
    func run(_ row: (Int64) -> Void) throws {
        defer { sqlite3_reset(statement) }
        while true {
            let code = sqlite3_step(statement)
            switch code {
            case SQLITE_ROW: row(sqlite3_column_int64(statement, 0))
            case SQLITE_DONE: return
            default:
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code),
                    message: String(cString: sqlite3_errmsg(connection))
                )
            }
        }
    }

    func finalize() {
        sqlite3_finalize(statement)
    }
}
