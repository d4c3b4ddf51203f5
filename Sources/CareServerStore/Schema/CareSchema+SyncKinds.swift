extension CareSchema {
    /// The other kinds a hub pushes (issue 20 item 7): doses as FHIR `MedicationAdministration`s, one row per
    /// resource, unique per patient and stable identifier (conditional create, as readings); and, for the
    /// Observations a hub sends as a conditional update (a day's intake total, which changes as the day's entries
    /// do), the hub's own time of that version (`meta.lastUpdated`), so that an older version arriving late never
    /// replaces a newer one. Labs are Observations with LOINC codes and go into `reading` as they are.
    static let v5SyncKinds = Migration(
        version: 5,
        name: "v5-sync-kinds",
        statements: [
            """
            CREATE TABLE medication_administration (
                id bigserial PRIMARY KEY,
                patient_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                identifier_system text NOT NULL,
                identifier_value text NOT NULL,
                status text NOT NULL,
                effective_at timestamptz NOT NULL,
                resource jsonb NOT NULL,
                received_at timestamptz NOT NULL DEFAULT now(),
                UNIQUE (patient_id, identifier_system, identifier_value)
            )
            """,
            "CREATE INDEX medication_administration_patient_time ON medication_administration (patient_id, effective_at)",
            "ALTER TABLE reading ADD COLUMN source_updated_at timestamptz",
        ]
    )
}
