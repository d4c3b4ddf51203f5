extension CareSchema {
    /// The clinician portal (issue 20 item 8): its patient list looks up each patient's newest reading of a few codes
    /// (pre- and post-dialysis weights, potassium, blood pressure); an index on (patient, code, time) makes each of
    /// those one short backward index scan instead of a walk over the patient's whole year of readings.
    static let v6Portal = Migration(
        version: 6,
        name: "v6-portal",
        statements: [
            "CREATE INDEX reading_patient_code_time ON reading (patient_id, code, effective_at)"
        ]
    )
}
