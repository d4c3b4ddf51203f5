extension CareSchema {
    /// Clinicians' medication orders (FHIR R4 `MedicationRequest`, issue 20 items 3 and 6): one row per order with
    /// its stable identifier (a UUID, unique per patient, so that a retried write stores it once), its version
    /// (1 when written, one more at each change such as a stop) and a change sequence that every version takes
    /// anew, which the patient's hub pulls after (`GET /api/v1/sync/orders?after=`). Writes of one patient's orders
    /// take that patient's transaction-scoped advisory lock before they draw a number, so numbers commit in order
    /// and a hub's cursor never steps over a version still being written.
    static let v8Orders = Migration(
        version: 8,
        name: "v8-orders",
        statements: [
            "CREATE SEQUENCE medication_order_change",
            """
            CREATE TABLE medication_order (
                id bigserial PRIMARY KEY,
                patient_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                identifier uuid NOT NULL,
                version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
                status text NOT NULL CHECK (status IN ('active', 'stopped')),
                author_id bigint NOT NULL REFERENCES account (id),
                authored_at timestamptz NOT NULL DEFAULT now(),
                updated_at timestamptz NOT NULL DEFAULT now(),
                change_seq bigint NOT NULL DEFAULT nextval('medication_order_change'),
                resource jsonb NOT NULL,
                UNIQUE (patient_id, identifier)
            )
            """,
            "CREATE INDEX medication_order_patient_change ON medication_order (patient_id, change_seq)",
        ]
    )
}
