extension CareSchema {
    /// Questionnaires (issue 20 item 6): a clinic-wide library of FHIR R4 `Questionnaire`s kept as `jsonb`, seeded
    /// with KidneyHub's own symptom check (`SymptomCheckInstrument`); a clinician's assignment of one to a patient
    /// (once per patient and questionnaire); and the patient's answers as `QuestionnaireResponse`s, unique per
    /// patient and stable identifier (conditional create, so an answer pushed again is stored once), each with its
    /// symptom score (the sum of its integer answers) for the trend.
    static let v9Questionnaires = Migration(
        version: 9,
        name: "v9-questionnaires",
        statements: [
            """
            CREATE TABLE questionnaire (
                id bigserial PRIMARY KEY,
                url text NOT NULL,
                version text NOT NULL,
                title text NOT NULL,
                resource jsonb NOT NULL,
                UNIQUE (url, version)
            )
            """,
            """
            INSERT INTO questionnaire (url, version, title, resource) VALUES (
                '\(SymptomCheckInstrument.url)', '\(SymptomCheckInstrument.version)',
                '\(SymptomCheckInstrument.title)', $instrument$\(SymptomCheckInstrument.resourceJSON)$instrument$::jsonb
            )
            """,
            """
            CREATE TABLE questionnaire_assignment (
                id bigserial PRIMARY KEY,
                patient_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                questionnaire_id bigint NOT NULL REFERENCES questionnaire (id),
                assigned_by bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                assigned_at timestamptz NOT NULL DEFAULT now(),
                UNIQUE (patient_id, questionnaire_id)
            )
            """,
            """
            CREATE TABLE questionnaire_response (
                id bigserial PRIMARY KEY,
                patient_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                assignment_id bigint NOT NULL REFERENCES questionnaire_assignment (id) ON DELETE CASCADE,
                identifier_system text NOT NULL,
                identifier_value text NOT NULL,
                authored_at timestamptz NOT NULL,
                score integer NOT NULL CHECK (score >= 0),
                resource jsonb NOT NULL,
                received_at timestamptz NOT NULL DEFAULT now(),
                UNIQUE (patient_id, identifier_system, identifier_value)
            )
            """,
            "CREATE INDEX questionnaire_response_patient ON questionnaire_response (patient_id, authored_at, id)",
        ]
    )
}
