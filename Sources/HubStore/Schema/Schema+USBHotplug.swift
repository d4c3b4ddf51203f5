import GRDB

extension Schema {
    /// USB hotplug (issue 6): the adapter event log also keeps device arrivals and departures,
    /// unsupported devices and the notifications shown for an import. SQLite cannot change a CHECK
    /// constraint in place, so the table is rebuilt with the longer kind list (rows kept as they are).
    static func v6USBHotplugEvents(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE adapterEvent_v6 (
                    id INTEGER PRIMARY KEY,
                    adapterId TEXT NOT NULL,
                    atMs INTEGER NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('started', 'crashed', 'restarted', 'violation', 'timeout',
                        'hung', 'quarantined', 'stopped', 'oversized_line', 'log',
                        'device_attached', 'device_detached', 'device_unsupported', 'notification')),
                    message TEXT NOT NULL,
                    detail TEXT
                ) STRICT;
                INSERT INTO adapterEvent_v6 (id, adapterId, atMs, kind, message, detail)
                    SELECT id, adapterId, atMs, kind, message, detail FROM adapterEvent;
                DROP TABLE adapterEvent;
                ALTER TABLE adapterEvent_v6 RENAME TO adapterEvent;
                CREATE INDEX adapterEvent_adapterId_atMs ON adapterEvent (adapterId, atMs);
                """
        )
    }
}
