import GRDB

extension Schema {
    /// Questionnaires from the care team (issue 20 items 6 and 7): the assignments the hub pulled from the server
    /// (replaced at each pull), the patient's answers kept as FHIR `QuestionnaireResponse`s with a stable identifier,
    /// and a cursor (the last answer row the server acknowledged with a 2xx) on the link.
    static func v18Questionnaires(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE careTeamQuestionnaire (
                    profileId INTEGER NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
                    assignmentId INTEGER NOT NULL,
                    url TEXT NOT NULL,
                    version TEXT NOT NULL,
                    title TEXT NOT NULL,
                    resource TEXT NOT NULL,
                    pulledAtMs INTEGER NOT NULL,
                    PRIMARY KEY (profileId, assignmentId)
                ) STRICT;

                CREATE TABLE questionnaireAnswer (
                    id INTEGER PRIMARY KEY,
                    profileId INTEGER NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
                    assignmentId INTEGER NOT NULL,
                    identifier TEXT NOT NULL UNIQUE,
                    authoredAtMs INTEGER NOT NULL,
                    score INTEGER NOT NULL CHECK (score >= 0),
                    resource TEXT NOT NULL
                ) STRICT;
                CREATE INDEX questionnaireAnswerProfile ON questionnaireAnswer (profileId, id);

                ALTER TABLE careTeamLink ADD COLUMN questionnaireCursor INTEGER NOT NULL DEFAULT 0
                    CHECK (questionnaireCursor >= 0);
                """
        )
    }
}
