import GRDB

extension Schema {
    /// Decision support (issue 10): every firing of an advice rule with its version and triggering facts (so advice
    /// can be explained later), stored monthly report cards, and food-related sentences imported from openFDA drug
    /// labels for review.
    static func v8Advice(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE adviceFiring (
                    id INTEGER PRIMARY KEY,
                    profileId INTEGER NOT NULL REFERENCES profile(id),
                    context TEXT NOT NULL CHECK (length(context) BETWEEN 1 AND 200),
                    ruleId TEXT NOT NULL CHECK (length(ruleId) >= 1),
                    ruleVersion INTEGER NOT NULL CHECK (ruleVersion >= 1),
                    severity TEXT NOT NULL CHECK (severity IN ('info', 'caution', 'warning', 'critical')),
                    message TEXT NOT NULL,
                    source TEXT NOT NULL CHECK (length(source) >= 1),
                    verification TEXT NOT NULL
                        CHECK (verification IN ('checked_against_label', 'quoted_in_research', 'unverified')),
                    facts TEXT NOT NULL CHECK (json_valid(facts)),
                    firedAtMs INTEGER NOT NULL
                ) STRICT;
                CREATE INDEX adviceFiring_profile ON adviceFiring (profileId, firedAtMs);

                CREATE TABLE reportCard (
                    profileId INTEGER NOT NULL REFERENCES profile(id),
                    month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]'),
                    card TEXT NOT NULL CHECK (json_valid(card)),
                    createdAtMs INTEGER NOT NULL,
                    PRIMARY KEY (profileId, month)
                ) STRICT;

                CREATE TABLE drugLabelMention (
                    id INTEGER PRIMARY KEY,
                    setId TEXT NOT NULL,
                    version TEXT NOT NULL,
                    effectiveTime TEXT NOT NULL,
                    drugNames TEXT NOT NULL,
                    section TEXT NOT NULL,
                    loinc TEXT NOT NULL,
                    term TEXT NOT NULL,
                    sentence TEXT NOT NULL,
                    importedAtMs INTEGER NOT NULL,
                    UNIQUE (setId, version, section, sentence)
                ) STRICT;
                """
        )
    }
}
