import Foundation
import PostgresNIO

extension CareStore {
    /// Stores a symptom list for a patient with its audit event, in one statement; the stored list.
    public func addSymptomList(
        patientID: Int64,
        _ entries: [SymptomEntry],
        audit: (Int64) -> AuditEvent
    ) async throws -> StoredList<SymptomEntry> {
        try await insertList(
            table: "symptom_list",
            columns: "symptom_nos, scales",
            entries.map(\.symptomNo),
            entries.map(\.scale),
            patientID: patientID,
            entries: entries,
            audit: audit(0)
        )
    }

    /// A patient's symptom lists, oldest first.
    public func symptomLists(patientID: Int64) async throws -> [StoredList<SymptomEntry>] {
        var lists: [StoredList<SymptomEntry>] = []
        for try await row in try await client.execute(
            PatientSymptomListsStatement(patientID: patientID),
            logger: logger
        ) {
            lists.append(ListColumns.symptomList(row))
        }
        return lists
    }

    /// One symptom list, whoever owns it (the caller checks access with its `patientID`).
    public func symptomList(id: Int64) async throws -> StoredList<SymptomEntry>? {
        try await ListColumns.symptomLists(
            client.query(
                """
                SELECT \(unescaped: ListColumns.symptomListColumns) FROM symptom_list WHERE id = \(id)
                """,
                logger: logger
            )
        ).first
    }

    /// Stores a side-effect questionnaire for a patient with its audit event, in one statement (as a symptom list).
    public func addSideEffectList(
        patientID: Int64,
        _ answers: [SideEffectAnswer],
        audit: (Int64) -> AuditEvent
    ) async throws -> StoredList<SideEffectAnswer> {
        try await insertList(
            table: "side_effect_list",
            columns: "question_nos, answers",
            answers.map(\.questionNo),
            answers.map(\.answer),
            patientID: patientID,
            entries: answers,
            audit: audit(0)
        )
    }

    /// Stores a list (its two array columns, `columns`, holding `first` and `second`) with its audit event `event`,
    /// whose resource id becomes the new list's, in one statement.
    ///
    /// One statement rather than a transaction of two: a statement is atomic on its own, and it is one round trip to
    /// PostgreSQL instead of four (BEGIN, the list, the audit row, COMMIT), which is most of a post's cost. `table`
    /// and `columns` are this file's constants, never a caller's text.
    private func insertList<Entry: Sendable & Equatable>(
        table: StaticString,
        columns: StaticString,
        _ first: some PostgresEncodable & Sendable,
        _ second: some PostgresEncodable & Sendable,
        patientID: Int64,
        entries: [Entry],
        audit event: AuditEvent
    ) async throws -> StoredList<Entry> {
        let rows = try await client.query(
            """
            WITH list AS (
                INSERT INTO \(unescaped: "\(table)") (patient_id, \(unescaped: "\(columns)"))
                VALUES (\(patientID), \(first), \(second))
                RETURNING id, recorded_at
            ), audit AS (
                INSERT INTO audit_event (at, clinic_id, actor_id, actor_role, action, resource, patient_id,
                    resource_id, address)
                SELECT to_timestamp(\(event.at.timeIntervalSince1970)), \(event.clinicID), \(event.actorID),
                    \(event.actorRole.rawValue), \(event.action), \(event.resource), nullif(\(event.patientID ?? 0), 0),
                    list.id, \(event.address)
                FROM list
            )
            SELECT id, \(unescaped: ListColumns.recordedAt) FROM list
            """,
            logger: logger
        )
        for try await (id, at) in rows.decode((Int64, String).self) {
            return StoredList(id: id, patientID: patientID, recordedAt: at, entries: entries)
        }
        throw StoreError.notFound("\(table) row")
    }

    /// A patient's side-effect questionnaires, oldest first.
    public func sideEffectLists(patientID: Int64) async throws -> [StoredList<SideEffectAnswer>] {
        try await ListColumns.sideEffectLists(
            client.query(
                """
                SELECT id, patient_id, \(unescaped: ListColumns.recordedAt), question_nos, answers
                FROM side_effect_list WHERE patient_id = \(patientID) ORDER BY recorded_at, id
                """,
                logger: logger
            )
        )
    }

    /// One side-effect questionnaire, whoever owns it.
    public func sideEffectList(id: Int64) async throws -> StoredList<SideEffectAnswer>? {
        try await ListColumns.sideEffectLists(
            client.query(
                """
                SELECT id, patient_id, \(unescaped: ListColumns.recordedAt), question_nos, answers
                FROM side_effect_list WHERE id = \(id)
                """,
                logger: logger
            )
        ).first
    }
}

/// Reading list rows in one place.
enum ListColumns {
    /// `recorded_at` as the document's server prints it: UTC, microseconds, a `Z`.
    static let recordedAt = #"to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')"#

    /// A symptom list's columns as `SymptomListRow` reads them.
    static let symptomListColumns = "id, patient_id, \(recordedAt), symptom_nos, scales"
    /// A symptom list's row: id, patient, `recordedAt`, symptom numbers, scales.
    typealias SymptomListRow = (Int64, Int64, String, [Int32], [Int32])

    static func symptomList(_ row: SymptomListRow) -> StoredList<SymptomEntry> {
        let (id, patientID, at, numbers, scales) = row
        let entries = zip(numbers, scales).map { SymptomEntry(symptomNo: $0, scale: $1) }
        return StoredList(id: id, patientID: patientID, recordedAt: at, entries: entries)
    }

    static func symptomLists(_ rows: PostgresRowSequence) async throws -> [StoredList<SymptomEntry>] {
        var lists: [StoredList<SymptomEntry>] = []
        for try await row in rows.decode(SymptomListRow.self) { lists.append(symptomList(row)) }
        return lists
    }

    static func sideEffectLists(_ rows: PostgresRowSequence) async throws -> [StoredList<SideEffectAnswer>] {
        var lists: [StoredList<SideEffectAnswer>] = []
        for try await (id, patientID, at, numbers, answers) in rows.decode((Int64, Int64, String, [Int32], [Bool]).self)
        {
            let entries = zip(numbers, answers).map { SideEffectAnswer(questionNo: $0, answer: $1) }
            lists.append(StoredList(id: id, patientID: patientID, recordedAt: at, entries: entries))
        }
        return lists
    }
}

/// A patient's symptom lists, the reference API's most frequent read, prepared once per connection (as
/// `PrincipalStatement`: no parsing and planning per request).
private struct PatientSymptomListsStatement: PostgresPreparedStatement {
    /// A short name of its own: PostgreSQL keeps 63 bytes of a statement's name, and the default (the type's
    /// reflected name, with its file's context) would leave only the first letters to tell statements apart.
    static let name = "care_patient_symptom_lists"
    static let sql = """
        SELECT \(ListColumns.symptomListColumns) FROM symptom_list WHERE patient_id = $1 ORDER BY recorded_at, id
        """
    typealias Row = ListColumns.SymptomListRow

    var patientID: Int64

    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(patientID)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}
