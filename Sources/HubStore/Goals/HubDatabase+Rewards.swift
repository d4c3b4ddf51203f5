import Care
import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// Writes one evaluation step in one transaction: each reward at most once ever (its key is unique), its
    /// notification only when the reward is new, other notifications once by their key, fired reminders, and the
    /// last closed day. Returns what was new.
    public func recordEvaluation(
        _ record: EvaluationRecord,
        profileId: Int64,
        atMs: Int64
    ) async throws -> EvaluationWrite {
        guard !record.isEmpty else { return EvaluationWrite() }
        return try await pool.write { db in
            var written = EvaluationWrite()
            for reward in record.rewards {
                try db.execute(
                    sql: """
                        INSERT INTO reward (profileId, goalId, periodKey, achievement, points, badge, detail, earnedAtMs,
                                            runLength)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (goalId, periodKey, achievement) DO NOTHING
                        """,
                    arguments: [
                        profileId, reward.goalId, reward.periodKey, reward.achievement.key, reward.points,
                        reward.badge, reward.detail, atMs, reward.runLength,
                    ]
                )
                guard db.changesCount == 1 else { continue }
                written.rewards.append(
                    StoredReward(
                        id: db.lastInsertedRowID,
                        profileId: profileId,
                        goalId: reward.goalId,
                        periodKey: reward.periodKey,
                        achievement: reward.achievement.key,
                        points: reward.points,
                        badge: reward.badge,
                        detail: reward.detail,
                        earnedAtMs: atMs
                    )
                )
                if let notification = reward.notification,
                    let id = try Self.queue(notification, profileId: profileId, atMs: atMs, in: db)
                {
                    written.notificationIds.append(id)
                }
            }
            for notification in record.notifications {
                if let id = try Self.queue(notification, profileId: profileId, atMs: atMs, in: db) {
                    written.notificationIds.append(id)
                }
            }
            for ruleId in record.remindersFired {
                try db.execute(
                    sql: "UPDATE reminderRule SET lastFiredAtMs = ? WHERE id = ?",
                    arguments: [atMs, ruleId]
                )
            }
            if let day = record.lastClosedDay {
                try db.execute(
                    sql: """
                        INSERT INTO goalEvaluation (profileId, lastClosedDay, updatedAtMs) VALUES (?, ?, ?)
                        ON CONFLICT (profileId) DO UPDATE SET lastClosedDay = excluded.lastClosedDay,
                            updatedAtMs = excluded.updatedAtMs
                        WHERE excluded.lastClosedDay > goalEvaluation.lastClosedDay
                        """,
                    arguments: [profileId, day.description, atMs]
                )
            }
            return written
        }
    }

    static func queue(_ notification: QueuedNotification, profileId: Int64?, atMs: Int64, in db: Database) throws
        -> Int64?
    {
        try db.execute(
            sql: """
                INSERT INTO notification
                    (profileId, type, title, body, dedupeKey, createdAtMs, pushAfterMs, message)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (dedupeKey) DO NOTHING
                """,
            arguments: [
                profileId, notification.draft.type.rawValue, notification.draft.title, notification.draft.body,
                notification.draft.dedupeKey, atMs, notification.pushAfterMs,
                try notification.draft.message.map(GoalJSON.encode),
            ]
        )
        return db.changesCount == 1 ? db.lastInsertedRowID : nil
    }

    /// The last local day whose end was evaluated for the profile, nil before the first evaluation.
    public func lastClosedDay(profileId: Int64) async throws -> CalendarDate? {
        let text = try await pool.read { db in
            try String.fetchOne(
                db,
                sql: "SELECT lastClosedDay FROM goalEvaluation WHERE profileId = ?",
                arguments: [profileId]
            )
        }
        guard let text else { return nil }
        do {
            return try CalendarDate(parsing: text)
        } catch {
            throw HubStoreError.corruptRow(table: "goalEvaluation", id: profileId, reason: "\(error)")
        }
    }

    /// How many periods in a row the goal was met up to the period `periodKey` (0 when it was not met then).
    public func metRunLength(goalId: Int64, periodKey: String) async throws -> Int {
        try await pool.read { db in
            try Int.fetchOne(
                db.cachedStatement(
                    sql: "SELECT runLength FROM reward WHERE goalId = ? AND periodKey = ? AND achievement = 'met'"
                ),
                arguments: [goalId, periodKey]
            ) ?? 0
        }
    }

    /// A profile's rewards, newest first.
    public func rewards(profileId: Int64) async throws -> [StoredReward] {
        try await pool.read { db in
            // A cached statement read by position: the goals page asks on every request, and a copied row finds a
            // column by comparing every name case-insensitively (perf: a tenth of /goals with a year of rewards).
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT id, profileId, goalId, periodKey, achievement, points, badge, detail, earnedAtMs
                        FROM reward WHERE profileId = ? ORDER BY earnedAtMs DESC, id DESC
                        """
                ),
                arguments: [profileId]
            ).map { row in
                StoredReward(
                    id: row[0],
                    profileId: row[1],
                    goalId: row[2],
                    periodKey: row[3],
                    achievement: row[4],
                    points: row[5],
                    badge: row[6],
                    detail: row[7],
                    earnedAtMs: row[8]
                )
            }
        }
    }
}
