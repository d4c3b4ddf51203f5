import GRDB

extension Schema {
    /// A notification's message as data (`NotificationMessage` as JSON), so a page writes it in its own language
    /// (issue 18, item 7). Rows stored before it keep NULL and are shown in their stored English words.
    static func v19NotificationMessages(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE notification ADD COLUMN message TEXT CHECK (message IS NULL OR json_valid(message))
                """
        )
    }
}
