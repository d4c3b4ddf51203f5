import GRDB

extension Schema {
    /// Goals, rewards, notifications, reminders and the scheduler's progress (issue 9).
    ///
    /// - `goal` keeps the kind and period as JSON and text (rules read them whole); progress is never stored.
    ///   A removed goal keeps its row (`removedAtMs`) so its rewards keep pointing at it.
    /// - `reward` is keyed by `(goalId, periodKey, achievement)`: evaluating again, an edited goal or re-entered data
    ///   can never issue a reward twice. A `met` reward keeps `runLength`, how many periods in a row the goal was met
    ///   up to it, so the next period's streak is one lookup.
    /// - `notification` is the feed; `dedupeKey` is unique so an event is queued once. `pushAfterMs` holds a
    ///   notification raised in quiet hours until they end; `pushedAtMs` records the desktop/command delivery.
    /// - `goalEvaluation` is the last local day whose end was evaluated, per profile: the scheduler's catch-up
    ///   starts after it, so a period missed while the hub was off is evaluated once.
    static func v7Goals(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE goal (
                    id INTEGER PRIMARY KEY,
                    profileId INTEGER NOT NULL REFERENCES profile(id),
                    kind TEXT NOT NULL CHECK (json_valid(kind)),
                    period TEXT NOT NULL CHECK (period IN ('day', 'week', 'month') OR period LIKE 'until:%'),
                    priority INTEGER NOT NULL CHECK (priority >= 1),
                    templateId TEXT,
                    createdAtMs INTEGER NOT NULL,
                    updatedAtMs INTEGER NOT NULL,
                    removedAtMs INTEGER
                ) STRICT;
                CREATE INDEX goal_profileId ON goal (profileId);

                CREATE TABLE reward (
                    id INTEGER PRIMARY KEY,
                    profileId INTEGER NOT NULL REFERENCES profile(id),
                    goalId INTEGER NOT NULL REFERENCES goal(id),
                    periodKey TEXT NOT NULL,
                    achievement TEXT NOT NULL,
                    points INTEGER NOT NULL CHECK (points >= 0),
                    badge TEXT NOT NULL,
                    detail TEXT NOT NULL,
                    earnedAtMs INTEGER NOT NULL,
                    runLength INTEGER NOT NULL DEFAULT 0 CHECK (runLength >= 0),
                    UNIQUE (goalId, periodKey, achievement)
                ) STRICT;
                CREATE INDEX reward_profileId ON reward (profileId, earnedAtMs);

                CREATE TABLE notification (
                    id INTEGER PRIMARY KEY,
                    profileId INTEGER REFERENCES profile(id),
                    type TEXT NOT NULL CHECK (type IN ('reward', 'progress', 'reminder', 'alert', 'device', 'import')),
                    title TEXT NOT NULL,
                    body TEXT NOT NULL,
                    dedupeKey TEXT NOT NULL UNIQUE,
                    createdAtMs INTEGER NOT NULL,
                    pushAfterMs INTEGER NOT NULL,
                    pushedAtMs INTEGER,
                    readAtMs INTEGER
                ) STRICT;
                CREATE INDEX notification_profile ON notification (profileId, createdAtMs);
                CREATE INDEX notification_pending ON notification (pushAfterMs) WHERE pushedAtMs IS NULL;

                CREATE TABLE notificationSettings (
                    profileId INTEGER PRIMARY KEY REFERENCES profile(id),
                    settings TEXT NOT NULL CHECK (json_valid(settings))
                ) STRICT;

                CREATE TABLE goalEvaluation (
                    profileId INTEGER PRIMARY KEY REFERENCES profile(id),
                    lastClosedDay TEXT NOT NULL,
                    updatedAtMs INTEGER NOT NULL
                ) STRICT;

                CREATE TABLE reminderRule (
                    id INTEGER PRIMARY KEY,
                    profileId INTEGER NOT NULL REFERENCES profile(id),
                    rule TEXT NOT NULL CHECK (json_valid(rule)),
                    lastFiredAtMs INTEGER,
                    answeredOn TEXT,
                    createdAtMs INTEGER NOT NULL,
                    removedAtMs INTEGER
                ) STRICT;
                """
        )
    }
}
