extension CareSchema {
    /// Symptom lists and side-effect questionnaires: one row each, the entries as parallel arrays in the order sent,
    /// so that a patient's lists are read with one index range scan.
    static let v2Lists = Migration(
        version: 2,
        name: "v2-lists",
        statements: [
            """
            CREATE TABLE symptom_list (
                id bigserial PRIMARY KEY,
                patient_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                recorded_at timestamptz NOT NULL DEFAULT now(),
                symptom_nos integer[] NOT NULL,
                scales integer[] NOT NULL,
                CHECK (cardinality(symptom_nos) = cardinality(scales)),
                -- The apps' NumberPicker runs from 0 to 10.
                CHECK (0 <= ALL (scales) AND 10 >= ALL (scales))
            )
            """,
            "CREATE INDEX symptom_list_patient ON symptom_list (patient_id, recorded_at, id)",
            """
            CREATE TABLE side_effect_list (
                id bigserial PRIMARY KEY,
                patient_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                recorded_at timestamptz NOT NULL DEFAULT now(),
                question_nos integer[] NOT NULL,
                answers boolean[] NOT NULL,
                CHECK (cardinality(question_nos) = cardinality(answers))
            )
            """,
            "CREATE INDEX side_effect_list_patient ON side_effect_list (patient_id, recorded_at, id)",
        ]
    )
}
