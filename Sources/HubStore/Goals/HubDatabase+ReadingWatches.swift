import Care
import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// Adds a reading watch (its `id` is ignored and assigned), once the terms are accepted.
    public func addReadingWatch(
        _ watch: ReadingWatch,
        atMs: Int64,
        termsVersion: String = TermsOfService.current.version
    ) async throws(PatientRecordError) -> ReadingWatch {
        try await patientRecordWrite { db in
            try Self.requireTerms(termsVersion, in: db)
            try db.execute(
                sql: "INSERT INTO readingWatch (profileId, watch, createdAtMs) VALUES (?, '{}', ?)",
                arguments: [watch.profileId, atMs]
            )
            var stored = watch
            stored.id = db.lastInsertedRowID
            try db.execute(
                sql: "UPDATE readingWatch SET watch = ? WHERE id = ?",
                arguments: [try GoalJSON.encode(stored), stored.id]
            )
            return stored
        }
    }

    /// The watches in force: one profile's, or every profile's.
    public func readingWatches(profileId: Int64?) async throws -> [ReadingWatch] {
        try await pool.read { db in try Self.readingWatches(profileId: profileId, in: db) }
    }

    /// Runs `run` on each of the profile's watches and stores, in one transaction, each watch as it returns it and
    /// the notifications it queues, so a firing is never recorded without its notification or the other way round.
    public func runReadingWatches(
        profileId: Int64,
        atMs: Int64,
        _ run: @escaping @Sendable (ReadingWatch) -> (ReadingWatch, [QueuedNotification])
    ) async throws -> [Int64] {
        try await pool.write { db in
            var queued: [Int64] = []
            for watch in try Self.readingWatches(profileId: profileId, in: db) {
                let (changed, notifications) = run(watch)
                try Self.save(changed, replacing: watch, in: db)
                for notification in notifications {
                    if let id = try Self.queue(notification, profileId: profileId, atMs: atMs, in: db) {
                        queued.append(id)
                    }
                }
            }
            return queued
        }
    }

    /// Answers the profile's watches that ask about `medication` (letter case ignored) with "taken": each one
    /// awaiting an answer raises its threshold by a step. Returns the watches that changed.
    public func answerReadingWatches(profileId: Int64, medication: String) async throws -> [ReadingWatch] {
        try await pool.write { db in
            var answered: [ReadingWatch] = []
            for watch in try Self.readingWatches(profileId: profileId, in: db)
            where watch.medication?.lowercased() == medication.lowercased() {
                let changed = watch.answeredTaken()
                if changed != watch {
                    try Self.save(changed, replacing: watch, in: db)
                    answered.append(changed)
                }
            }
            return answered
        }
    }

    private static func save(_ changed: ReadingWatch, replacing watch: ReadingWatch, in db: Database) throws {
        guard changed != watch else { return }
        try db.execute(
            sql: "UPDATE readingWatch SET watch = ? WHERE id = ?",
            arguments: [try GoalJSON.encode(changed), watch.id]
        )
    }

    /// Removes a watch of the profile; false when it has none by that id.
    public func removeReadingWatch(id: Int64, profileId: Int64, atMs: Int64) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE readingWatch SET removedAtMs = ? WHERE id = ? AND profileId = ? AND removedAtMs IS NULL",
                arguments: [atMs, id, profileId]
            )
            return db.changesCount == 1
        }
    }

    private static func readingWatches(profileId: Int64?, in db: Database) throws -> [ReadingWatch] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT id, watch FROM readingWatch
                WHERE removedAtMs IS NULL AND (? IS NULL OR profileId = ?) ORDER BY id
                """,
            arguments: [profileId, profileId]
        ).map { row in
            try GoalJSON.decode(ReadingWatch.self, row["watch"], table: "readingWatch", id: row["id"])
        }
    }
}
