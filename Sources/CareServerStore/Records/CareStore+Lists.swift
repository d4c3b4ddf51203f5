import PostgresNIO

extension CareStore {
    /// Stores a symptom list for a patient in one transaction with its audit event; the stored list.
    public func addSymptomList(
        patientID: Int64,
        _ entries: [SymptomEntry],
        audit: (Int64) -> AuditEvent
    ) async throws -> StoredList<SymptomEntry> {
        try await transaction { connection in
            let rows = try await connection.query(
                """
                INSERT INTO symptom_list (patient_id, symptom_nos, scales)
                VALUES (\(patientID), \(entries.map(\.symptomNo)), \(entries.map(\.scale)))
                RETURNING id, \(unescaped: ListColumns.recordedAt)
                """,
                logger: logger
            )
            var stored: StoredList<SymptomEntry>?
            for try await (id, at) in rows.decode((Int64, String).self) {
                stored = StoredList(id: id, patientID: patientID, recordedAt: at, entries: entries)
            }
            guard let stored else { throw StoreError.notFound("symptom list") }
            try await AuditWriter.insert([audit(stored.id)], on: connection, logger: logger)
            return stored
        }
    }

    /// A patient's symptom lists, oldest first.
    public func symptomLists(patientID: Int64) async throws -> [StoredList<SymptomEntry>] {
        try await ListColumns.symptomLists(
            client.query(
                """
                SELECT id, patient_id, \(unescaped: ListColumns.recordedAt), symptom_nos, scales FROM symptom_list
                WHERE patient_id = \(patientID) ORDER BY recorded_at, id
                """,
                logger: logger
            )
        )
    }

    /// One symptom list, whoever owns it (the caller checks access with its `patientID`).
    public func symptomList(id: Int64) async throws -> StoredList<SymptomEntry>? {
        try await ListColumns.symptomLists(
            client.query(
                """
                SELECT id, patient_id, \(unescaped: ListColumns.recordedAt), symptom_nos, scales FROM symptom_list
                WHERE id = \(id)
                """,
                logger: logger
            )
        ).first
    }

    /// Stores a side-effect questionnaire for a patient in one transaction with its audit event.
    public func addSideEffectList(
        patientID: Int64,
        _ answers: [SideEffectAnswer],
        audit: (Int64) -> AuditEvent
    ) async throws -> StoredList<SideEffectAnswer> {
        try await transaction { connection in
            let rows = try await connection.query(
                """
                INSERT INTO side_effect_list (patient_id, question_nos, answers)
                VALUES (\(patientID), \(answers.map(\.questionNo)), \(answers.map(\.answer)))
                RETURNING id, \(unescaped: ListColumns.recordedAt)
                """,
                logger: logger
            )
            var stored: StoredList<SideEffectAnswer>?
            for try await (id, at) in rows.decode((Int64, String).self) {
                stored = StoredList(id: id, patientID: patientID, recordedAt: at, entries: answers)
            }
            guard let stored else { throw StoreError.notFound("side-effect questionnaire") }
            try await AuditWriter.insert([audit(stored.id)], on: connection, logger: logger)
            return stored
        }
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

    static func symptomLists(_ rows: PostgresRowSequence) async throws -> [StoredList<SymptomEntry>] {
        var lists: [StoredList<SymptomEntry>] = []
        for try await (id, patientID, at, numbers, scales) in rows.decode((Int64, Int64, String, [Int32], [Int32]).self)
        {
            let entries = zip(numbers, scales).map { SymptomEntry(symptomNo: $0, scale: $1) }
            lists.append(StoredList(id: id, patientID: patientID, recordedAt: at, entries: entries))
        }
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
