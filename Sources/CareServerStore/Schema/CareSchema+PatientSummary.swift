extension CareSchema {
    /// The clinician portal's patient list reads one row per patient (issue 20: p99 ≤ 50 ms with 1,000 patients and
    /// a year of data each): each patient's newest readings the flags need, in `patient_summary`, kept by statement
    /// triggers inside the very transaction that writes readings (the hub's sync: inserts and conditional updates).
    /// Looking them up at read time cost six index lookups per patient, 256 ms for 1,000 patients
    /// (docs/benchmarks.md).
    ///
    /// A trigger recomputes the touched patients' values from their rows (a few short backward index scans), so the
    /// summary is right whatever order readings arrive in and however often a push is repeated. It first locks the
    /// patient's summary row (`patient_summary_lock`), and the recomputing statement then reads with a snapshot
    /// taken after the lock was granted, so two concurrent writers for one patient cannot leave out the values of
    /// the one that committed first.
    ///
    /// Two values stay out of it and are read per patient at list time, each one probe of an index: the newest
    /// symptom list's highest scale, because a summary row written by every symptom post holds its lock until the
    /// post commits, so one patient's concurrent posts wait for each other (pgbench, 16 clients posting for one
    /// patient: 78 transactions/s with such a trigger, 582 without), so each list keeps its own highest scale in a
    /// generated column instead (taking the maximum of every patient's newest list at read time was a third of the
    /// list's statement); and the doses marked as not taken in the last week, whose window moves with the clock,
    /// through a partial index that holds only those doses. Existing readings are summarised by the migration.
    static let v7PatientSummary = Migration(
        version: 7,
        name: "v7-patient-summary",
        statements: [
            """
            CREATE TABLE patient_summary (
                patient_id bigint PRIMARY KEY REFERENCES account (id) ON DELETE CASCADE,
                pre_kg double precision,
                pre_at timestamptz,
                post_kg double precision,
                post_at timestamptz,
                potassium double precision,
                potassium_at timestamptz,
                systolic double precision,
                diastolic double precision,
                pressure_at timestamptz,
                reading_at timestamptz
            )
            """,
            // ON CONFLICT DO UPDATE locks every conflicting row even where its WHERE is false (PostgreSQL's INSERT
            // reference), so this creates the rows that are missing and locks them all, in id order.
            """
            CREATE FUNCTION patient_summary_lock(patients bigint[]) RETURNS void LANGUAGE sql AS $$
                INSERT INTO patient_summary (patient_id)
                SELECT DISTINCT p FROM unnest(patients) AS p ORDER BY p
                ON CONFLICT (patient_id) DO UPDATE SET reading_at = patient_summary.reading_at WHERE false
            $$
            """,
            """
            CREATE FUNCTION patient_summary_refresh_readings(patients bigint[]) RETURNS void LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM patient_summary_lock(patients);
                UPDATE patient_summary s SET pre_kg = x.pre_kg, pre_at = x.pre_at, post_kg = x.post_kg,
                    post_at = x.post_at, potassium = x.potassium, potassium_at = x.potassium_at,
                    systolic = x.systolic, diastolic = x.diastolic, pressure_at = x.pressure_at,
                    reading_at = x.reading_at
                FROM (\(PatientSummarySQL.readings)) AS x
                WHERE s.patient_id = x.patient_id;
            END
            $$
            """,
            """
            CREATE FUNCTION patient_summary_after_readings() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF EXISTS (SELECT 1 FROM changed) THEN
                    PERFORM patient_summary_refresh_readings(ARRAY(SELECT DISTINCT patient_id FROM changed));
                END IF;
                RETURN NULL;
            END
            $$
            """,
            // A trigger with a transition table fires for one event only, so inserts and updates have one each.
            """
            CREATE TRIGGER reading_summary_insert AFTER INSERT ON reading REFERENCING NEW TABLE AS changed
                FOR EACH STATEMENT EXECUTE FUNCTION patient_summary_after_readings()
            """,
            """
            CREATE TRIGGER reading_summary_update AFTER UPDATE ON reading REFERENCING NEW TABLE AS changed
                FOR EACH STATEMENT EXECUTE FUNCTION patient_summary_after_readings()
            """,
            """
            CREATE INDEX medication_administration_not_done ON medication_administration (patient_id, effective_at)
                WHERE status = 'not-done'
            """,
            """
            CREATE FUNCTION symptom_scale_max(scales integer[]) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
                AS $$ SELECT max(x) FROM unnest(scales) AS x $$
            """,
            """
            ALTER TABLE symptom_list ADD COLUMN highest_scale integer
                GENERATED ALWAYS AS (symptom_scale_max(scales)) STORED
            """,
            "SELECT patient_summary_refresh_readings(ARRAY(SELECT DISTINCT patient_id FROM reading))",
        ]
    )
}
