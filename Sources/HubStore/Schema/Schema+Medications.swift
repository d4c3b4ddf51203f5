import Foundation
import GRDB

extension Schema {
    /// Medications (issue 19): structured orders shaped like FHIR `MedicationRequest`, their dosage instructions, and
    /// the dose log (`MedicationAdministration`).
    ///
    /// - `medicationOrder`: one row per order, keyed by its UUID (the FHIR identifier, stable across export and
    ///   import); the columns are the order's top-level fields, `prescriber` NULL for the patient ("self").
    /// - `medicationDosage`: the order's dosage instructions in order, each a JSON document (dose, route, the whole
    ///   `Timing.repeat`, the dialysis extension, as-needed): nested values that rules read whole.
    /// - `medicationDose`: one row per log entry; `dosageIndex`, `doseDate` and `slot` name the scheduled dose it
    ///   answers (all NULL for an as-needed dose). A taken entry has its time.
    ///
    /// The free-text medications kept in each profile's JSON move into orders: name as the medication, dose and
    /// schedule kept as the note, no dosage (the patient completes the timing), and the profile's list is emptied.
    static func v11Medications(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE medicationOrder (
                    id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
                    profileId INTEGER NOT NULL REFERENCES profile(id),
                    name TEXT NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 200),
                    rxNorm TEXT CHECK (rxNorm IS NULL OR (length(rxNorm) BETWEEN 1 AND 20 AND rxNorm NOT GLOB '*[^0-9]*')),
                    prescriber TEXT CHECK (prescriber IS NULL OR length(prescriber) BETWEEN 1 AND 200),
                    status TEXT NOT NULL CHECK (status IN ('active', 'on-hold', 'stopped', 'completed')),
                    reason TEXT,
                    note TEXT,
                    authoredOn TEXT CHECK (authoredOn IS NULL OR authoredOn GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                    createdAtMs INTEGER NOT NULL,
                    updatedAtMs INTEGER NOT NULL CHECK (updatedAtMs >= createdAtMs)
                ) STRICT;
                CREATE INDEX medicationOrder_profile ON medicationOrder (profileId, status);

                CREATE TABLE medicationDosage (
                    orderId TEXT NOT NULL REFERENCES medicationOrder(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL CHECK (position >= 0),
                    dosage TEXT NOT NULL CHECK (json_valid(dosage)),
                    PRIMARY KEY (orderId, position)
                ) STRICT;

                CREATE TABLE medicationDose (
                    id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
                    profileId INTEGER NOT NULL REFERENCES profile(id),
                    orderId TEXT NOT NULL REFERENCES medicationOrder(id),
                    dosageIndex INTEGER CHECK (dosageIndex IS NULL OR dosageIndex >= 0),
                    doseDate TEXT CHECK (doseDate IS NULL OR doseDate GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                    slot TEXT CHECK (slot IS NULL OR length(slot) BETWEEN 1 AND 64),
                    status TEXT NOT NULL CHECK (status IN ('completed', 'not-done', 'entered-in-error')),
                    takenAtMs INTEGER,
                    reason TEXT,
                    recordedAtMs INTEGER NOT NULL,
                    CHECK (status <> 'completed' OR takenAtMs IS NOT NULL),
                    CHECK ((dosageIndex IS NULL) = (doseDate IS NULL) AND (doseDate IS NULL) = (slot IS NULL))
                ) STRICT;
                CREATE INDEX medicationDose_order ON medicationDose (orderId, doseDate);
                CREATE INDEX medicationDose_profile ON medicationDose (profileId, recordedAtMs);
                """
        )
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT profile.id AS profileId, profile.updatedAtMs AS atMs,
                    trim(json_extract(m.value, '$.name')) AS name,
                    trim(coalesce(json_extract(m.value, '$.dose'), '')) AS dose,
                    trim(coalesce(json_extract(m.value, '$.schedule'), '')) AS schedule
                FROM profile, json_each(profile.profile, '$.medications') AS m
                ORDER BY profile.id, m.key
                """
        )
        for row in rows {
            let name: String = row["name"] ?? ""
            guard !name.isEmpty else { continue }
            let dose: String = row["dose"]
            let schedule: String = row["schedule"]
            let parts = [dose.isEmpty ? nil : "dose: \(dose)", schedule.isEmpty ? nil : "schedule: \(schedule)"]
            let note = parts.compactMap { $0 }.joined(separator: "; ")
            try db.execute(
                sql: """
                    INSERT INTO medicationOrder (id, profileId, name, status, note, createdAtMs, updatedAtMs)
                    VALUES (?, ?, ?, 'active', ?, ?, ?)
                    """,
                arguments: [
                    UUID().uuidString.lowercased(), row["profileId"], String(name.prefix(200)),
                    note.isEmpty ? nil : note, row["atMs"], row["atMs"],
                ]
            )
        }
        try db.execute(
            sql: """
                UPDATE profile SET profile = json_set(profile, '$.medications', json('[]'))
                WHERE json_array_length(profile, '$.medications') > 0
                """
        )
    }
}
