import GRDB

extension Schema {
    /// Orders from the care team (issue 20 item 7): the cursor of the orders pulled (the server's change sequence,
    /// moved in the same transaction as the orders it covers are applied), and, per medication order that came from
    /// the care team, the server's version last applied and who ordered it when, so that a repeated pull changes
    /// nothing and the web app says "ordered by your care team". Deleting the medication deletes its origin.
    static func v17CareTeamOrders(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE careTeamLink ADD COLUMN orderCursor INTEGER NOT NULL DEFAULT 0 CHECK (orderCursor >= 0);

                CREATE TABLE careTeamOrder (
                    orderId TEXT PRIMARY KEY NOT NULL REFERENCES medicationOrder(id) ON DELETE CASCADE,
                    profileId INTEGER NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
                    serverVersion INTEGER NOT NULL CHECK (serverVersion >= 1),
                    orderedBy TEXT NOT NULL CHECK (length(orderedBy) BETWEEN 1 AND 200),
                    orderedAt TEXT NOT NULL,
                    pulledAtMs INTEGER NOT NULL
                ) STRICT;
                CREATE INDEX careTeamOrderProfile ON careTeamOrder (profileId);
                """
        )
    }
}
