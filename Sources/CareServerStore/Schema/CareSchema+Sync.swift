extension CareSchema {
    /// The hub's sync (issue 20 item 7): one-time enrollment codes a clinician hands a patient (stored as their
    /// SHA-256 only), the device tokens they are traded for (one patient each, stored as their SHA-256 only), and
    /// the readings hubs push, one row per resource, unique per patient and stable identifier so that a repeated
    /// push stores nothing twice.
    static let v4Sync = Migration(
        version: 4,
        name: "v4-sync",
        statements: [
            """
            CREATE TABLE enrollment_code (
                code_hash bytea PRIMARY KEY,
                patient_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                created_by bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                created_at timestamptz NOT NULL DEFAULT now(),
                expires_at timestamptz NOT NULL,
                used_at timestamptz
            )
            """,
            """
            CREATE TABLE device_token (
                id bigserial PRIMARY KEY,
                patient_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                token_hash bytea NOT NULL UNIQUE,
                created_at timestamptz NOT NULL DEFAULT now(),
                revoked_at timestamptz
            )
            """,
            "CREATE INDEX device_token_patient ON device_token (patient_id)",
            """
            CREATE TABLE reading (
                id bigserial PRIMARY KEY,
                patient_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                identifier_system text NOT NULL,
                identifier_value text NOT NULL,
                code_system text NOT NULL,
                code text NOT NULL,
                value double precision,
                unit text,
                effective_at timestamptz NOT NULL,
                resource jsonb NOT NULL,
                received_at timestamptz NOT NULL DEFAULT now(),
                UNIQUE (patient_id, identifier_system, identifier_value)
            )
            """,
            "CREATE INDEX reading_patient_time ON reading (patient_id, effective_at)",
        ]
    )
}
