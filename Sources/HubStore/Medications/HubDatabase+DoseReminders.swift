import Care
import Clinical
import Foundation
import GRDB
import HubRecords

extension HubDatabase {
    /// The reminder state of a profile's scheduled doses on `dates`, by dose.
    public func doseReminderStates(profileId: Int64, dates: [CalendarDate]) async throws
        -> [DoseKey: DoseReminderPolicy.State]
    {
        guard !dates.isEmpty else { return [:] }
        // Decoded inside the read: `Row` is not Sendable, and a closure returning rows would pick GRDB's blocking
        // `read`, which holds a thread of the cooperative pool.
        return try await pool.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT orderId, dosageIndex, doseDate, slot, lastRemindedAtMs, snoozedUntilMs, caregiverAlertedAtMs
                    FROM doseReminder
                    WHERE profileId = ? AND doseDate IN (\(dates.map { _ in "?" }.joined(separator: ",")))
                    """,
                arguments: StatementArguments([profileId] + dates.map(\.description))
            )
            var states: [DoseKey: DoseReminderPolicy.State] = [:]
            for row in rows {
                let orderText: String = row["orderId"]
                let dateText: String = row["doseDate"]
                guard let orderId = UUID(uuidString: orderText), let date = try? CalendarDate(parsing: dateText)
                else {
                    throw HubStoreError.corruptRow(
                        table: "doseReminder",
                        id: profileId,
                        reason: "bad order id or date"
                    )
                }
                let key = DoseKey(orderId: orderId, dosageIndex: row["dosageIndex"], date: date, slot: row["slot"])
                states[key] = DoseReminderPolicy.State(
                    lastRemindedAtMs: row["lastRemindedAtMs"],
                    snoozedUntilMs: row["snoozedUntilMs"],
                    caregiverAlerted: (row["caregiverAlertedAtMs"] as Int64?) != nil
                )
            }
            return states
        }
    }

    /// Records, in one transaction, the reminders and caregiver alerts sent for doses at `atMs` and queues their
    /// notifications (each once by its key); returns the new notifications' ids.
    public func recordDoseReminders(
        reminded: [DoseKey],
        caregiverAlerted: [DoseKey],
        notifications: [QueuedNotification],
        profileId: Int64,
        atMs: Int64
    ) async throws -> [Int64] {
        guard !reminded.isEmpty || !caregiverAlerted.isEmpty || !notifications.isEmpty else { return [] }
        return try await pool.write { db in
            for key in reminded {
                try Self.upsertDoseReminder(key, column: "lastRemindedAtMs", value: atMs, profileId: profileId, in: db)
            }
            for key in caregiverAlerted {
                try Self.upsertDoseReminder(
                    key,
                    column: "caregiverAlertedAtMs",
                    value: atMs,
                    profileId: profileId,
                    in: db
                )
            }
            return try notifications.compactMap { try Self.queue($0, profileId: profileId, atMs: atMs, in: db) }
        }
    }

    /// Holds a dose's reminders until `untilMs` (a snooze).
    public func snoozeDose(_ key: DoseKey, untilMs: Int64, profileId: Int64) async throws {
        try await pool.write { db in
            try Self.upsertDoseReminder(key, column: "snoozedUntilMs", value: untilMs, profileId: profileId, in: db)
        }
    }

    private static func upsertDoseReminder(
        _ key: DoseKey,
        column: String,
        value: Int64,
        profileId: Int64,
        in db: Database
    ) throws {
        try db.execute(
            sql: """
                INSERT INTO doseReminder (profileId, orderId, dosageIndex, doseDate, slot, \(column))
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (orderId, dosageIndex, doseDate, slot) DO UPDATE SET \(column) = excluded.\(column)
                """,
            arguments: [
                profileId, key.orderId.uuidString.lowercased(), key.dosageIndex, key.date.description, key.slot,
                value,
            ]
        )
    }
}
