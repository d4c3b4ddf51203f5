import GRDB

/// The store's migrations, in order.
///
/// A shipped migration is never edited: change the schema with a new one.
enum Schema {
    /// Every migration this build knows, registered in order.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1", migrate: v1)
        migrator.registerMigration("v2-patient-record", migrate: v2PatientRecord)
        migrator.registerMigration("v3-readings-to-profiles", migrate: v3ReadingsToProfiles)
        migrator.registerMigration("v4-avatars", migrate: v4Avatars)
        migrator.registerMigration("v5-reading-owners", migrate: v5ReadingOwners)
        migrator.registerMigration("v6-nutrition", migrate: v6Nutrition)
        migrator.registerMigration("v6-usb-hotplug-events", migrate: v6USBHotplugEvents)
        migrator.registerMigration("v7-goals", migrate: v7Goals)
        migrator.registerMigration("v8-advice", migrate: v8Advice)
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
