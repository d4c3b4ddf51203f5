import Foundation
import GRDB
import HubRecords

extension HubDatabase {
    /// Replaces the profile's pulled questionnaires with what the server assigns now (one transaction: a pull is
    /// seen whole or not at all). Answers already given are kept.
    public func replaceCareTeamQuestionnaires(profileId: Int64, _ questionnaires: [CareTeamQuestionnaire])
        async throws(PatientRecordError)
    {
        try await patientRecordWrite { db in
            try db.execute(sql: "DELETE FROM careTeamQuestionnaire WHERE profileId = ?", arguments: [profileId])
            for q in questionnaires {
                try db.execute(
                    sql: """
                        INSERT INTO careTeamQuestionnaire
                            (profileId, assignmentId, url, version, title, resource, pulledAtMs)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [profileId, q.assignmentId, q.url, q.version, q.title, q.resourceJSON, q.pulledAtMs]
                )
            }
        }
    }

    /// The profile's assigned questionnaires, in the server's assignment order.
    public func careTeamQuestionnaires(profileId: Int64) async throws(PatientRecordError) -> [CareTeamQuestionnaire] {
        try await patientRecordRead { db in
            try Row.fetchAll(
                db,
                sql: "SELECT * FROM careTeamQuestionnaire WHERE profileId = ? ORDER BY assignmentId",
                arguments: [profileId]
            ).map {
                CareTeamQuestionnaire(
                    assignmentId: $0["assignmentId"],
                    url: $0["url"],
                    version: $0["version"],
                    title: $0["title"],
                    resourceJSON: $0["resource"],
                    pulledAtMs: $0["pulledAtMs"]
                )
            }
        }
    }

    /// Stores the patient's answers (a `QuestionnaireResponse` with its identifier); the stored row.
    public func addQuestionnaireAnswer(
        profileId: Int64,
        assignmentId: Int64,
        identifier: String,
        authoredAtMs: Int64,
        score: Int64,
        resourceJSON: String
    ) async throws(PatientRecordError) -> StoredQuestionnaireAnswer {
        try await patientRecordWrite { db in
            try db.execute(
                sql: """
                    INSERT INTO questionnaireAnswer (profileId, assignmentId, identifier, authoredAtMs, score, resource)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [profileId, assignmentId, identifier, authoredAtMs, score, resourceJSON]
            )
            return StoredQuestionnaireAnswer(
                id: db.lastInsertedRowID,
                profileId: profileId,
                assignmentId: assignmentId,
                identifier: identifier,
                authoredAtMs: authoredAtMs,
                score: score,
                resourceJSON: resourceJSON
            )
        }
    }

    /// The profile's answers after row `afterId`, in row order, at most `limit` (all of them with the defaults).
    public func questionnaireAnswers(profileId: Int64, afterId: Int64 = 0, limit: Int = Int.max)
        async throws(PatientRecordError) -> [StoredQuestionnaireAnswer]
    {
        try await patientRecordRead { db in
            try Row.fetchAll(
                db,
                sql: "SELECT * FROM questionnaireAnswer WHERE profileId = ? AND id > ? ORDER BY id LIMIT ?",
                arguments: [profileId, afterId, limit]
            ).map {
                StoredQuestionnaireAnswer(
                    id: $0["id"],
                    profileId: $0["profileId"],
                    assignmentId: $0["assignmentId"],
                    identifier: $0["identifier"],
                    authoredAtMs: $0["authoredAtMs"],
                    score: $0["score"],
                    resourceJSON: $0["resource"]
                )
            }
        }
    }

    /// The last answer row the server acknowledged (0 when none, or not connected).
    public func questionnaireCursor(profileId: Int64) async throws(PatientRecordError) -> Int64 {
        try await patientRecordRead { db in
            try Int64.fetchOne(
                db,
                sql: "SELECT questionnaireCursor FROM careTeamLink WHERE profileId = ?",
                arguments: [profileId]
            ) ?? 0
        }
    }

    /// Moves the answer cursor to `position` after the server's 2xx (never back).
    public func advanceQuestionnaireCursor(profileId: Int64, to position: Int64, atMs: Int64)
        async throws(PatientRecordError)
    {
        try await patientRecordWrite { db in
            try db.execute(
                sql: """
                    UPDATE careTeamLink SET questionnaireCursor = max(questionnaireCursor, ?), lastPushAtMs = ?,
                        lastError = NULL
                    WHERE profileId = ?
                    """,
                arguments: [position, atMs, profileId]
            )
        }
    }
}
