import GRDB

extension Schema {
    /// Nutrition (issue 8): the food database (USDA SR28 plus custom foods and recipes), its full-text index, the
    /// intake log, care-team limits and meal photos.
    ///
    /// Nutrient columns hold amounts per 100 g in `food` and per portion in `intakeEntry`, in the units of
    /// `Nutrient.unit` (kcal, g, mg, ug); NULL is unknown, never 0. `food.id` is the FTS rowid; USDA foods are
    /// numbered in their static search order (docs/architecture.md, "Food search"); `searchWords` holds the name's
    /// and other names' words folded as the index folds them, so the profile's own foods are matched without folding
    /// at query time.
    static func v6Nutrition(_ db: Database) throws {
        let nutrientColumns = """
            energy REAL, protein REAL, fat REAL, carbohydrate REAL, sugars REAL, fiber REAL, water REAL,
            calcium REAL, phosphorus REAL, potassium REAL, sodium REAL, vitaminK REAL, alcohol REAL, caffeine REAL
            """
        try db.execute(
            sql: """
                CREATE TABLE foodDatabaseImport (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    citation TEXT NOT NULL,
                    foods INTEGER NOT NULL,
                    importedAtMs INTEGER NOT NULL
                ) STRICT;

                CREATE TABLE foodGroup (
                    code TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL
                ) STRICT;

                CREATE TABLE food (
                    id INTEGER PRIMARY KEY,
                    source TEXT NOT NULL CHECK (source IN ('usda', 'custom', 'recipe')),
                    ndb TEXT UNIQUE,
                    groupCode TEXT REFERENCES foodGroup(code),
                    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
                    otherNames TEXT NOT NULL DEFAULT '',
                    searchWords TEXT NOT NULL,
                    isLiquid INTEGER NOT NULL CHECK (isLiquid IN (0, 1)),
                    commonness INTEGER NOT NULL DEFAULT 0,
                    servings REAL CHECK (servings IS NULL OR servings > 0),
                    \(nutrientColumns),
                    createdAtMs INTEGER NOT NULL,
                    updatedAtMs INTEGER NOT NULL,
                    CHECK ((source = 'usda') = (ndb IS NOT NULL)),
                    CHECK ((source = 'recipe') = (servings IS NOT NULL))
                ) STRICT;
                CREATE UNIQUE INDEX food_ownName ON food (lower(name)) WHERE source <> 'usda';

                CREATE TABLE foodMeasure (
                    foodId INTEGER NOT NULL REFERENCES food(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    amount REAL NOT NULL CHECK (amount > 0),
                    description TEXT NOT NULL,
                    grams REAL NOT NULL CHECK (grams > 0),
                    PRIMARY KEY (foodId, position)
                ) STRICT;

                CREATE VIRTUAL TABLE foodSearch USING fts5(
                    name, otherNames,
                    tokenize = 'unicode61 remove_diacritics 2',
                    prefix = '1 2 3'
                );

                CREATE TABLE foodFavorite (
                    profileId INTEGER NOT NULL REFERENCES profile(id),
                    foodId INTEGER NOT NULL REFERENCES food(id),
                    PRIMARY KEY (profileId, foodId)
                ) STRICT;

                CREATE TABLE recipeIngredient (
                    recipeId INTEGER NOT NULL REFERENCES food(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    foodId INTEGER NOT NULL REFERENCES food(id),
                    amount REAL NOT NULL CHECK (amount > 0),
                    unit TEXT NOT NULL,
                    grams REAL NOT NULL CHECK (grams > 0),
                    PRIMARY KEY (recipeId, position)
                ) STRICT;

                CREATE TABLE intakeEntry (
                    id INTEGER PRIMARY KEY,
                    profileId INTEGER NOT NULL REFERENCES profile(id),
                    kind TEXT NOT NULL CHECK (kind IN ('food', 'fluid')),
                    meal TEXT CHECK (meal IN ('breakfast', 'lunch', 'dinner', 'snack')),
                    takenAtMs INTEGER NOT NULL,
                    utcOffsetSeconds INTEGER NOT NULL,
                    localDate TEXT NOT NULL CHECK (localDate GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                    foodId INTEGER REFERENCES food(id) ON DELETE SET NULL,
                    description TEXT NOT NULL,
                    amount REAL NOT NULL CHECK (amount > 0),
                    unit TEXT NOT NULL,
                    grams REAL CHECK (grams IS NULL OR grams > 0),
                    isLiquid INTEGER NOT NULL CHECK (isLiquid IN (0, 1)),
                    fluidMilliliters REAL NOT NULL CHECK (fluidMilliliters >= 0),
                    \(nutrientColumns),
                    createdAtMs INTEGER NOT NULL,
                    updatedAtMs INTEGER NOT NULL,
                    CHECK ((kind = 'food') = (meal IS NOT NULL AND grams IS NOT NULL))
                ) STRICT;
                CREATE INDEX intakeEntry_profile_date ON intakeEntry (profileId, localDate);
                CREATE INDEX intakeEntry_profile_food ON intakeEntry (profileId, foodId);

                CREATE TABLE careTeamLimit (
                    profileId INTEGER NOT NULL REFERENCES profile(id),
                    subject TEXT NOT NULL CHECK (subject IN ('protein', 'sodium', 'potassium', 'phosphorus', 'fluid')),
                    minimum REAL,
                    maximum REAL,
                    note TEXT NOT NULL,
                    setAtMs INTEGER NOT NULL,
                    CHECK (minimum IS NOT NULL OR maximum IS NOT NULL),
                    PRIMARY KEY (profileId, subject)
                ) STRICT;

                CREATE TABLE profileUrineOutput (
                    profileId INTEGER PRIMARY KEY REFERENCES profile(id),
                    millilitersPerDay REAL NOT NULL CHECK (millilitersPerDay >= 0),
                    note TEXT NOT NULL,
                    setAtMs INTEGER NOT NULL
                ) STRICT;

                CREATE TABLE mealPhoto (
                    id INTEGER PRIMARY KEY,
                    profileId INTEGER NOT NULL REFERENCES profile(id),
                    localDate TEXT NOT NULL,
                    meal TEXT NOT NULL CHECK (meal IN ('breakfast', 'lunch', 'dinner', 'snack')),
                    thumbnailPNG BLOB NOT NULL CHECK (length(thumbnailPNG) >= 8),
                    width INTEGER NOT NULL CHECK (width >= 1),
                    height INTEGER NOT NULL CHECK (height >= 1),
                    originalFileName TEXT NOT NULL,
                    originalBytes INTEGER NOT NULL CHECK (originalBytes >= 1),
                    storedPath TEXT NOT NULL,
                    storedAtMs INTEGER NOT NULL
                ) STRICT;
                CREATE INDEX mealPhoto_profile_date ON mealPhoto (profileId, localDate);
                """
        )
    }
}
