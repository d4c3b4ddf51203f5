extension CareSchema {
    /// Clinics, accounts with one role each, one token per account (stored as its SHA-256 only), caregiver grants,
    /// and one-time sign-in codes (stored as their SHA-256 only).
    static let v1Accounts = Migration(
        version: 1,
        name: "v1-accounts",
        statements: [
            """
            CREATE TABLE clinic (
                id bigserial PRIMARY KEY,
                name text NOT NULL UNIQUE,
                created_at timestamptz NOT NULL DEFAULT now()
            )
            """,
            """
            CREATE TABLE account (
                id bigserial PRIMARY KEY,
                clinic_id bigint NOT NULL REFERENCES clinic (id),
                role text NOT NULL CHECK (role IN ('administrator', 'clinician', 'patient', 'caregiver')),
                username text NOT NULL UNIQUE,
                password_hash text NOT NULL,
                first_name text NOT NULL,
                drug_course_id integer CHECK (drug_course_id >= 0),
                month_of_treatment integer CHECK (month_of_treatment >= 0),
                created_at timestamptz NOT NULL DEFAULT now()
            )
            """,
            "CREATE INDEX account_clinic_role ON account (clinic_id, role, id)",
            """
            CREATE TABLE access_token (
                account_id bigint PRIMARY KEY REFERENCES account (id) ON DELETE CASCADE,
                salt bytea NOT NULL,
                token_hash bytea NOT NULL UNIQUE,
                expires_at timestamptz NOT NULL,
                revoked_at timestamptz
            )
            """,
            """
            CREATE TABLE caregiver_grant (
                patient_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                caregiver_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                granted_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (patient_id, caregiver_id)
            )
            """,
            "CREATE INDEX caregiver_grant_caregiver ON caregiver_grant (caregiver_id)",
            """
            CREATE TABLE one_time_sign_in (
                code_hash bytea PRIMARY KEY,
                account_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                expires_at timestamptz NOT NULL,
                used_at timestamptz
            )
            """,
        ]
    )
}
