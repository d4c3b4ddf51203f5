import Foundation
import GRDB

extension Schema {
    /// Dose reminders (issue 19): what each scheduled dose's reminders know of their past, so the scheduler repeats
    /// them spaced, honours a snooze and alerts the caregiver once.
    ///
    /// - `doseReminder`: one row per scheduled dose reminded of or snoozed, keyed like the dose log
    ///   (order, dosage, local date, slot); the last reminder, the snooze's end and the caregiver alert, in UTC ms.
    static func v13DoseReminders(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE doseReminder (
                    profileId INTEGER NOT NULL REFERENCES profile(id),
                    orderId TEXT NOT NULL REFERENCES medicationOrder(id) ON DELETE CASCADE,
                    dosageIndex INTEGER NOT NULL CHECK (dosageIndex >= 0),
                    doseDate TEXT NOT NULL CHECK (doseDate GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                    slot TEXT NOT NULL CHECK (length(slot) BETWEEN 1 AND 64),
                    lastRemindedAtMs INTEGER,
                    snoozedUntilMs INTEGER,
                    caregiverAlertedAtMs INTEGER,
                    PRIMARY KEY (orderId, dosageIndex, doseDate, slot)
                ) STRICT;
                CREATE INDEX doseReminder_profile ON doseReminder (profileId, doseDate);
                """
        )
    }
}
