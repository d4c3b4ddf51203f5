extension CareSchema {
    /// Who read or wrote which patient's data, when and from where. Ids only, no patient data; no foreign keys, so
    /// the trail outlives a deleted account.
    static let v3Audit = Migration(
        version: 3,
        name: "v3-audit",
        statements: [
            """
            CREATE TABLE audit_event (
                id bigserial PRIMARY KEY,
                at timestamptz NOT NULL,
                clinic_id bigint NOT NULL,
                actor_id bigint NOT NULL,
                actor_role text NOT NULL,
                action text NOT NULL,
                resource text NOT NULL,
                patient_id bigint,
                resource_id bigint,
                address text NOT NULL
            )
            """,
            "CREATE INDEX audit_event_clinic ON audit_event (clinic_id, at DESC)",
        ]
    )
}
