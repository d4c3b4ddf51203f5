import PostgresNIO

extension CareStore {
    /// The clinic-wide library, in the order it was added.
    public func questionnaires() async throws -> [StoredQuestionnaire] {
        var found: [StoredQuestionnaire] = []
        for try await (id, url, version, title, resource) in try await client.query(
            "SELECT id, url, version, title, resource::text FROM questionnaire ORDER BY id",
            logger: logger
        ).decode((Int64, String, String, String, String).self) {
            found.append(StoredQuestionnaire(id: id, url: url, version: version, title: title, resourceJSON: resource))
        }
        return found
    }

    /// One questionnaire of the library.
    public func questionnaire(id: Int64) async throws -> StoredQuestionnaire? {
        try await questionnaires().first { $0.id == id }
    }

    /// Assigns questionnaire `questionnaireID` to a patient, once: the assignment, and whether it is new (a repeated
    /// assignment changes nothing and records no event). One transaction with its audit event.
    public func assignQuestionnaire(
        _ questionnaireID: Int64,
        patientID: Int64,
        by clinicianID: Int64,
        audit: (Int64) -> AuditEvent
    ) async throws -> (assignment: QuestionnaireAssignment, created: Bool) {
        let created = try await transaction { connection -> Bool in
            var newID: Int64?
            for try await id in try await connection.query(
                """
                INSERT INTO questionnaire_assignment (patient_id, questionnaire_id, assigned_by)
                VALUES (\(patientID), \(questionnaireID), \(clinicianID))
                ON CONFLICT (patient_id, questionnaire_id) DO NOTHING RETURNING id
                """,
                logger: logger
            ).decode(Int64.self) {
                newID = id
            }
            guard let newID else { return false }
            try await AuditWriter.insert([audit(newID)], on: connection, logger: logger)
            return true
        }
        guard
            let assignment = try await assignments(patientID: patientID).first(where: {
                $0.questionnaire.id == questionnaireID
            })
        else { throw StoreError.notFound("questionnaire assignment") }
        return (assignment, created)
    }

    /// The questionnaires assigned to a patient, oldest assignment first.
    public func assignments(patientID: Int64) async throws -> [QuestionnaireAssignment] {
        var found: [QuestionnaireAssignment] = []
        let rows = try await client.query(
            """
            SELECT a.id, a.assigned_by, \(unescaped: Self.utc("a.assigned_at")),
                q.id, q.url, q.version, q.title, q.resource::text
            FROM questionnaire_assignment a JOIN questionnaire q ON q.id = a.questionnaire_id
            WHERE a.patient_id = \(patientID) ORDER BY a.assigned_at, a.id
            """,
            logger: logger
        )
        for try await (id, by, at, qid, url, version, title, resource) in rows.decode(
            (Int64, Int64, String, Int64, String, String, String, String).self
        ) {
            let questionnaire = StoredQuestionnaire(
                id: qid,
                url: url,
                version: version,
                title: title,
                resourceJSON: resource
            )
            found.append(
                QuestionnaireAssignment(
                    id: id,
                    patientID: patientID,
                    assignedBy: by,
                    assignedAt: at,
                    questionnaire: questionnaire
                )
            )
        }
        return found
    }

    /// Stores a patient's answer once (conditional create on its identifier) in one transaction with its audit
    /// event: the stored answer, and whether it was stored now (false: the same identifier was stored before, and
    /// that answer is returned unchanged).
    public func addQuestionnaireResponse(
        patientID: Int64,
        _ response: NewQuestionnaireResponse,
        audit: (Int64) -> AuditEvent
    ) async throws -> (response: StoredQuestionnaireResponse, created: Bool) {
        let (id, created) = try await transaction { connection -> (Int64?, Bool) in
            var newID: Int64?
            for try await id in try await connection.query(
                """
                INSERT INTO questionnaire_response
                    (patient_id, assignment_id, identifier_system, identifier_value, authored_at, score, resource)
                VALUES (\(patientID), \(response.assignmentID), \(response.identifierSystem),
                    \(response.identifierValue), \(response.authored)::timestamptz, \(response.score),
                    \(response.resourceJSON)::jsonb)
                ON CONFLICT (patient_id, identifier_system, identifier_value) DO NOTHING RETURNING id
                """,
                logger: logger
            ).decode(Int64.self) {
                newID = id
            }
            if let newID {
                try await AuditWriter.insert([audit(newID)], on: connection, logger: logger)
                return (newID, true)
            }
            var existing: Int64?
            for try await id in try await connection.query(
                """
                SELECT id FROM questionnaire_response WHERE patient_id = \(patientID)
                AND identifier_system = \(response.identifierSystem) AND identifier_value = \(response.identifierValue)
                """,
                logger: logger
            ).decode(Int64.self) {
                existing = id
            }
            return (existing, false)
        }
        guard let id, let stored = try await questionnaireResponses(patientID: patientID, id: id).first else {
            throw StoreError.notFound("questionnaire response")
        }
        return (stored, created)
    }

    /// A patient's answers, oldest first (or the one with `id`).
    public func questionnaireResponses(patientID: Int64, id: Int64? = nil) async throws
        -> [StoredQuestionnaireResponse]
    {
        var found: [StoredQuestionnaireResponse] = []
        let rows = try await client.query(
            """
            SELECT r.id, q.id, q.title, \(unescaped: Self.utc("r.authored_at")), r.score, r.resource::text
            FROM questionnaire_response r
            JOIN questionnaire_assignment a ON a.id = r.assignment_id
            JOIN questionnaire q ON q.id = a.questionnaire_id
            WHERE r.patient_id = \(patientID) AND (\(id)::bigint IS NULL OR r.id = \(id))
            ORDER BY r.authored_at, r.id
            """,
            logger: logger
        )
        for try await (rid, qid, title, at, score, resource) in rows.decode(
            (Int64, Int64, String, String, Int32, String).self
        ) {
            found.append(
                StoredQuestionnaireResponse(
                    id: rid,
                    patientID: patientID,
                    questionnaireID: qid,
                    questionnaireTitle: title,
                    authoredAt: at,
                    score: score,
                    resourceJSON: resource
                )
            )
        }
        return found
    }

    /// A timestamp column as UTC ISO 8601 text with microseconds and a `Z`.
    static func utc(_ column: String) -> String {
        #"to_char(\#(column) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')"#
    }
}
