import Foundation
import GRDB

extension Schema {
    /// Reading watches (issue 19): a throttled rule fed by stored readings.
    ///
    /// - `readingWatch`: one row per watch; `watch` is the `ReadingWatch` as JSON (its rule, medication, last firing
    ///   and whether a notification awaits an answer), kept whole so the rule's threshold moves with the answers.
    ///   A removed watch keeps its row (`removedAtMs`), as reminder rules do.
    static func v14ReadingWatches(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE readingWatch (
                    id INTEGER PRIMARY KEY,
                    profileId INTEGER NOT NULL REFERENCES profile(id),
                    watch TEXT NOT NULL CHECK (json_valid(watch)),
                    createdAtMs INTEGER NOT NULL,
                    removedAtMs INTEGER
                ) STRICT;
                CREATE INDEX readingWatch_profile ON readingWatch (profileId) WHERE removedAtMs IS NULL;
                """
        )
    }
}
