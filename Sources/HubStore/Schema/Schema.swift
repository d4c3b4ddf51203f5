import GRDB

/// The store's migrations, in order.
///
/// A shipped migration is never edited: change the schema with a new one, numbered one past the last
/// (`v10-…` next). GRDB knows a migration by its identifier, so a shipped identifier is never renamed either: a store
/// that ran it would run it again. Two shipped before numbering was checked share "v6"; they keep their identifiers and
/// run seventh and sixth as they always did, and `numbered` records each one's place.
enum Schema {
    /// A migration: its place in the order, the identifier stores record, and its body.
    struct Migration {
        let number: Int
        let identifier: String
        let migrate: @Sendable (Database) throws -> Void
    }

    /// Every migration this build knows, in the order they run. `SchemaTests` holds the numbering: numbers 1, 2, 3 …
    /// without gaps or repeats, identifiers unique, and every identifier from `firstCheckedNumber` on starting with `v<number>-`.
    static let numbered: [Migration] = [
        Migration(number: 1, identifier: "v1", migrate: v1),
        Migration(number: 2, identifier: "v2-patient-record", migrate: v2PatientRecord),
        Migration(number: 3, identifier: "v3-readings-to-profiles", migrate: v3ReadingsToProfiles),
        Migration(number: 4, identifier: "v4-avatars", migrate: v4Avatars),
        Migration(number: 5, identifier: "v5-reading-owners", migrate: v5ReadingOwners),
        Migration(number: 6, identifier: "v6-nutrition", migrate: v6Nutrition),
        // Shipped as a second "v6"; its identifier stays (see above).
        Migration(number: 7, identifier: "v6-usb-hotplug-events", migrate: v6USBHotplugEvents),
        // Shipped as "v7" and "v8" while they were the eighth and ninth; their identifiers stay too.
        Migration(number: 8, identifier: "v7-goals", migrate: v7Goals),
        Migration(number: 9, identifier: "v8-advice", migrate: v8Advice),
        Migration(number: 10, identifier: "v10-phases-and-corrections", migrate: v10PhasesAndCorrections),
        Migration(number: 11, identifier: "v11-medications", migrate: v11Medications),
        Migration(number: 12, identifier: "v12-web-access", migrate: v12WebAccess),
        Migration(number: 13, identifier: "v13-dose-reminders", migrate: v13DoseReminders),
        Migration(number: 14, identifier: "v14-reading-watches", migrate: v14ReadingWatches),
        Migration(number: 15, identifier: "v15-care-team", migrate: v15CareTeam),
        Migration(number: 16, identifier: "v16-care-team-kinds", migrate: v16CareTeamKinds),
        Migration(number: 17, identifier: "v17-care-team-orders", migrate: v17CareTeamOrders),
        Migration(number: 18, identifier: "v18-questionnaires", migrate: v18Questionnaires),
        Migration(number: 19, identifier: "v19-notification-messages", migrate: v19NotificationMessages),
    ]

    /// The number from which identifiers must carry their own number (`v10-…`): every migration before it shipped.
    static let firstCheckedNumber = 10

    /// Every migration this build knows, registered in order.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in numbered {
            migrator.registerMigration(migration.identifier, migrate: migration.migrate)
        }
        return migrator
    }

    /// The first schema: adapters, devices, measurements, sync cursors and adapter events.
    ///
    /// Tables are STRICT (SQLite ≥ 3.37) so a wrongly typed value is an error rather than silently stored.
    /// Times are UTC epoch milliseconds. CHECK constraints restate the record rules the normalizer enforces, so a
    /// measurement built without it is still refused by the database.
    private static func v1(_ db: Database) throws {
        // No foreign key to `device` or `adapterEvent`: an adapter row describes an installed adapter, and
        // devices and events outlive its uninstalling.
        try db.execute(
            sql: """
                CREATE TABLE adapter (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    version TEXT NOT NULL,
                    manifestPath TEXT NOT NULL,
                    state TEXT NOT NULL CHECK (state IN ('idle', 'running', 'backoff', 'failed', 'stopped')),
                    updatedAtMs INTEGER NOT NULL
                ) STRICT;

                CREATE TABLE device (
                    id INTEGER PRIMARY KEY,
                    adapterId TEXT NOT NULL,
                    deviceId TEXT NOT NULL,
                    manufacturer TEXT,
                    model TEXT,
                    serial TEXT,
                    firstSeenAtMs INTEGER NOT NULL,
                    lastSeenAtMs INTEGER NOT NULL,
                    UNIQUE (adapterId, deviceId)
                ) STRICT;

                CREATE TABLE measurement (
                    id INTEGER PRIMARY KEY,
                    deviceRowId INTEGER NOT NULL REFERENCES device(id),
                    sourceRecordId TEXT NOT NULL CHECK (length(sourceRecordId) BETWEEN 1 AND 256),
                    kind TEXT NOT NULL,
                    value REAL,
                    components TEXT,
                    unit TEXT NOT NULL,
                    originalValue REAL,
                    originalComponents TEXT,
                    originalUnit TEXT NOT NULL,
                    startMs INTEGER NOT NULL,
                    endMs INTEGER CHECK (endMs IS NULL OR endMs >= startMs),
                    utcOffsetSeconds INTEGER NOT NULL,
                    context TEXT,
                    receivedAtMs INTEGER NOT NULL,
                    CHECK ((value IS NULL) <> (components IS NULL)),
                    UNIQUE (deviceRowId, sourceRecordId)
                ) STRICT;
                CREATE INDEX measurement_kind_startMs ON measurement (kind, startMs);

                CREATE TABLE syncCursor (
                    deviceRowId INTEGER PRIMARY KEY REFERENCES device(id),
                    cursor TEXT NOT NULL,
                    updatedAtMs INTEGER NOT NULL
                ) STRICT;

                CREATE TABLE adapterEvent (
                    id INTEGER PRIMARY KEY,
                    adapterId TEXT NOT NULL,
                    atMs INTEGER NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('started', 'crashed', 'restarted', 'violation', 'timeout',
                        'hung', 'quarantined', 'stopped', 'oversized_line', 'log')),
                    message TEXT NOT NULL,
                    detail TEXT
                ) STRICT;
                CREATE INDEX adapterEvent_adapterId_atMs ON adapterEvent (adapterId, atMs);
                """
        )
    }
}
