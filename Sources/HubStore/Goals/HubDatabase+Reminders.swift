import Care
import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// Adds a reminder rule (its `id` is ignored and assigned), once the terms are accepted.
    public func addReminder(
        _ rule: ReminderRule,
        atMs: Int64,
        termsVersion: String = TermsOfService.current.version
    ) async throws(PatientRecordError) -> ReminderRule {
        try await patientRecordWrite { db in
            try Self.requireTerms(termsVersion, in: db)
            try db.execute(
                sql: "INSERT INTO reminderRule (profileId, rule, createdAtMs) VALUES (?, '{}', ?)",
                arguments: [rule.profileId, atMs]
            )
            var stored = rule
            stored.id = db.lastInsertedRowID
            try db.execute(
                sql: "UPDATE reminderRule SET rule = ? WHERE id = ?",
                arguments: [try GoalJSON.encode(stored), stored.id]
            )
            return stored
        }
    }

    /// The reminder rules in force: one profile's, or every profile's.
    public func reminders(profileId: Int64?) async throws -> [StoredReminder] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, rule, lastFiredAtMs, answeredOn FROM reminderRule
                    WHERE removedAtMs IS NULL AND (? IS NULL OR profileId = ?) ORDER BY id
                    """,
                arguments: [profileId, profileId]
            ).map { row in
                let id: Int64 = row["id"]
                let answered: String? = row["answeredOn"]
                return StoredReminder(
                    rule: try GoalJSON.decode(ReminderRule.self, row["rule"], table: "reminderRule", id: id),
                    state: ReminderPolicy.State(
                        lastFiredAtMs: row["lastFiredAtMs"],
                        answeredOn: try answered.map { text in
                            do { return try CalendarDate(parsing: text) } catch {
                                throw HubStoreError.corruptRow(table: "reminderRule", id: id, reason: "\(error)")
                            }
                        }
                    )
                )
            }
        }
    }

    /// Records an answer to a reminder on a local day: no more reminders that day, and the rule adapted to it.
    public func answerReminder(id: Int64, profileId: Int64, answer: ReminderAnswer, on day: CalendarDate) async throws
        -> ReminderRule
    {
        try await pool.write { db in
            guard
                let text = try String.fetchOne(
                    db,
                    sql: "SELECT rule FROM reminderRule WHERE id = ? AND profileId = ? AND removedAtMs IS NULL",
                    arguments: [id, profileId]
                )
            else { throw PatientRecordError.database("profile has no reminder #\(id)") }
            let adapted = ReminderPolicy.adapt(
                try GoalJSON.decode(ReminderRule.self, text, table: "reminderRule", id: id),
                to: answer
            )
            try db.execute(
                sql: "UPDATE reminderRule SET rule = ?, answeredOn = ? WHERE id = ?",
                arguments: [try GoalJSON.encode(adapted), day.description, id]
            )
            return adapted
        }
    }

    /// Removes a reminder rule.
    public func removeReminder(id: Int64, profileId: Int64, atMs: Int64) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE reminderRule SET removedAtMs = ? WHERE id = ? AND profileId = ? AND removedAtMs IS NULL",
                arguments: [atMs, id, profileId]
            )
            guard db.changesCount == 1 else { throw PatientRecordError.database("profile has no reminder #\(id)") }
        }
    }

    /// True when the profile has a body weight taken in `[sinceMs, untilMs)`: a weighing reminder's answer.
    public func hasWeight(profileId: Int64, sinceMs: Int64, untilMs: Int64) async throws -> Bool {
        try await pool.read { db in
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM measurementOwner o JOIN measurement m ON m.id = o.measurementId
                    WHERE o.profileId = ? AND m.kind = 'body_weight' AND m.startMs >= ? AND m.startMs < ?)
                    """,
                arguments: [profileId, sinceMs, untilMs]
            ) ?? false
        }
    }
}
