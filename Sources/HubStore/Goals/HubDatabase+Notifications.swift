import Care
import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// Queues a notification for a profile (or hub-wide when `profileId` is nil) once by its key, honouring the
    /// profile's settings: a type switched off is not queued; in quiet hours it waits to be pushed. Returns its id,
    /// or nil when it was switched off or already queued. Device and import events come in here.
    @discardableResult
    public func postNotification(
        _ draft: NotificationDraft,
        profileId: Int64?,
        atMs: Int64,
        timeZone: TimeZone
    ) async throws -> Int64? {
        let settings = try await notificationSettings(profileId: profileId)
        guard let pushAfter = settings.pushTime(for: draft.type, at: atMs, in: timeZone) else { return nil }
        return try await pool.write { db in
            try Self.queue(
                QueuedNotification(draft: draft, pushAfterMs: pushAfter),
                profileId: profileId,
                atMs: atMs,
                in: db
            )
        }
    }

    /// The feed, newest first: one profile's (and hub-wide ones) or all; only unread ones when asked.
    public func notifications(profileId: Int64?, unreadOnly: Bool = false, limit: Int = 100) async throws
        -> [StoredNotification]
    {
        try await pool.read { db in
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let profileId {
                conditions.append("(profileId = ? OR profileId IS NULL)")
                arguments += [profileId]
            }
            if unreadOnly { conditions.append("readAtMs IS NULL") }
            let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            arguments += [limit]
            // Cached: Today and the feed ask on every request (four shapes at most).
            return try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT id, profileId, type, title, body, createdAtMs, pushAfterMs, pushedAtMs, readAtMs, message
                        FROM notification \(filter) ORDER BY createdAtMs DESC, id DESC LIMIT ?
                        """
                ),
                arguments: arguments
            ).map(Self.storedNotification)
        }
    }

    /// The highest notification id so far (0 for an empty feed): what an operation raises has a higher one.
    public func lastNotificationId() async throws -> Int64 {
        try await pool.read { db in try Int64.fetchOne(db, sql: "SELECT max(id) FROM notification") ?? 0 }
    }

    /// The profile's notifications of `type` queued after the one with id `afterId`, oldest first.
    public func notifications(profileId: Int64, type: NotificationType, afterId: Int64) async throws
        -> [StoredNotification]
    {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, profileId, type, title, body, createdAtMs, pushAfterMs, pushedAtMs, readAtMs, message
                    FROM notification WHERE id > ? AND type = ? AND (profileId = ? OR profileId IS NULL)
                    ORDER BY id
                    """,
                arguments: [afterId, type.rawValue, profileId]
            ).map(Self.storedNotification)
        }
    }

    /// One notification by id, when it is the profile's (or hub-wide).
    public func notification(id: Int64, profileId: Int64) async throws -> StoredNotification? {
        try await pool.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT id, profileId, type, title, body, createdAtMs, pushAfterMs, pushedAtMs, readAtMs, message
                    FROM notification WHERE id = ? AND (profileId = ? OR profileId IS NULL)
                    """,
                arguments: [id, profileId]
            ).map(Self.storedNotification)
        }
    }

    /// Marks notifications read (the given ids, or every unread one of the profile); returns how many changed.
    @discardableResult
    public func markNotificationsRead(ids: [Int64]?, profileId: Int64?, atMs: Int64) async throws -> Int {
        try await pool.write { db in
            if let ids {
                try db.execute(
                    sql: """
                        UPDATE notification SET readAtMs = ?
                        WHERE readAtMs IS NULL AND id IN (SELECT value FROM json_each(?))
                        """,
                    arguments: [atMs, try GoalJSON.encode(ids)]
                )
            } else {
                try db.execute(
                    sql:
                        "UPDATE notification SET readAtMs = ? WHERE readAtMs IS NULL AND (? IS NULL OR profileId = ? OR profileId IS NULL)",
                    arguments: [atMs, profileId, profileId]
                )
            }
            return db.changesCount
        }
    }

    /// Notifications due to be pushed at `atMs` (past their quiet hours, not pushed yet), oldest first.
    public func notificationsToPush(atMs: Int64) async throws -> [StoredNotification] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, profileId, type, title, body, createdAtMs, pushAfterMs, pushedAtMs, readAtMs, message
                    FROM notification WHERE pushedAtMs IS NULL AND pushAfterMs <= ? ORDER BY pushAfterMs, id
                    """,
                arguments: [atMs]
            ).map(Self.storedNotification)
        }
    }

    /// Records that a notification was pushed.
    public func markNotificationPushed(id: Int64, atMs: Int64) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE notification SET pushedAtMs = ? WHERE id = ?", arguments: [atMs, id])
        }
    }

    /// A profile's notification settings (the defaults when never set; hub-wide events use the defaults).
    public func notificationSettings(profileId: Int64?) async throws -> NotificationSettings {
        guard let profileId else { return NotificationSettings() }
        let text = try await pool.read { db in
            try String.fetchOne(
                db,
                sql: "SELECT settings FROM notificationSettings WHERE profileId = ?",
                arguments: [profileId]
            )
        }
        guard let text else { return NotificationSettings() }
        return try GoalJSON.decode(NotificationSettings.self, text, table: "notificationSettings", id: profileId)
    }

    /// Saves a profile's notification settings.
    public func saveNotificationSettings(_ settings: NotificationSettings, profileId: Int64) async throws {
        let json = try GoalJSON.encode(settings)
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO notificationSettings (profileId, settings) VALUES (?, ?)
                    ON CONFLICT (profileId) DO UPDATE SET settings = excluded.settings
                    """,
                arguments: [profileId, json]
            )
        }
    }

    private static func storedNotification(_ row: Row) throws -> StoredNotification {
        let id: Int64 = row["id"]
        let typeName: String = row["type"]
        guard let type = NotificationType(rawValue: typeName) else {
            throw HubStoreError.corruptRow(table: "notification", id: id, reason: "unknown type '\(typeName)'")
        }
        return StoredNotification(
            id: id,
            profileId: row["profileId"],
            type: type,
            title: row["title"],
            body: row["body"],
            createdAtMs: row["createdAtMs"],
            pushAfterMs: row["pushAfterMs"],
            pushedAtMs: row["pushedAtMs"],
            readAtMs: row["readAtMs"],
            messageJSON: row["message"]
        )
    }
}
