import Care
import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// Whether the USDA food database is in the store.
    public func hasFoodDatabase() async throws(NutritionError) -> Bool {
        try await nutritionRead { db in try StoreSnapshot(db: db).hasFoodDatabase() }
    }

    /// Imports the USDA foods, groups and household measures in one transaction; does nothing when already imported
    /// (so two commands racing to import store it once). Returns the number of foods imported (0 if none).
    ///
    /// USDA foods are numbered 1… in their static search order: commonness first, then shorter names, so the search
    /// index's rowid order is that order (docs/architecture.md, "Food search").
    @discardableResult
    public func importFoodDatabase(_ database: USDAFoodDatabase, atMs: Int64) async throws(NutritionError) -> Int {
        let ordered = database.foods.sorted {
            ($1.commonness, $0.name.count, $0.name) < ($0.commonness, $1.name.count, $1.name)
        }
        return try await nutritionWrite { db in
            if try Int.fetchOne(db, sql: "SELECT count(*) FROM foodDatabaseImport") ?? 0 > 0 { return 0 }
            // Own foods made before an import would hold the ids USDA foods need; imports run before any own food.
            guard try Int.fetchOne(db, sql: "SELECT count(*) FROM food") == 0 else {
                throw NutritionError.invalid("the food table holds foods but no USDA import")
            }
            for (code, name) in database.groups.sorted(by: { $0.key < $1.key }) {
                try db.execute(sql: "INSERT INTO foodGroup (code, name) VALUES (?, ?)", arguments: [code, name])
            }
            let insertFood = try db.makeStatement(
                sql: """
                    INSERT INTO food (id, source, ndb, groupCode, name, otherNames, searchWords, isLiquid, commonness,
                        \(NutrientColumns.list), createdAtMs, updatedAtMs)
                    VALUES (?, 'usda', ?, ?, ?, ?, ?, ?, ?, \(NutrientColumns.placeholders), ?, ?)
                    """
            )
            let insertSearch = try db.makeStatement(
                sql: "INSERT INTO foodSearch (rowid, name, otherNames) VALUES (?, ?, ?)"
            )
            let insertMeasure = try db.makeStatement(
                sql: "INSERT INTO foodMeasure (foodId, position, amount, description, grams) VALUES (?, ?, ?, ?, ?)"
            )
            for (offset, food) in ordered.enumerated() {
                let id = Int64(offset + 1)
                var values: [(any DatabaseValueConvertible)?] = [
                    id, food.ndb, food.groupCode, food.name, food.otherNames,
                    Self.searchWords(food.name, food.otherNames), food.isLiquid ? 1 : 0, food.commonness,
                ]
                values += NutrientColumns.values(food.per100Grams)
                values += [atMs, atMs]
                try insertFood.execute(arguments: StatementArguments(values))
                try insertSearch.execute(arguments: [id, food.name, food.otherNames])
                for (position, measure) in food.measures.enumerated() {
                    try insertMeasure.execute(
                        arguments: [id, position + 1, measure.amount, measure.description, measure.grams]
                    )
                }
            }
            try db.execute(
                sql: "INSERT INTO foodDatabaseImport (id, citation, foods, importedAtMs) VALUES (1, ?, ?, ?)",
                arguments: [database.citation, ordered.count, atMs]
            )
            return ordered.count
        }
    }

    /// How many foods of each source the store holds.
    public func foodCount(source: StoredFood.Source? = nil) async throws(NutritionError) -> Int {
        try await nutritionRead { db in
            if let source {
                return try Int.fetchOne(
                    db,
                    sql: "SELECT count(*) FROM food WHERE source = ?",
                    arguments: [source.rawValue]
                )
                    ?? 0
            }
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM food") ?? 0
        }
    }

    /// The food with this id.
    public func food(id: Int64) async throws(NutritionError) -> StoredFood {
        try await nutritionRead { db in try Self.food(id: id, in: db) }
    }

    /// The food with this USDA NDB number.
    public func food(ndb: String) async throws(NutritionError) -> StoredFood {
        try await nutritionRead { db in
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM food WHERE ndb = ?", arguments: [ndb]) else {
                throw NutritionError.unknownFood("NDB \(ndb)", suggestions: [])
            }
            return try Self.food(id: id, in: db)
        }
    }

    static func food(id: Int64, in db: Database) throws -> StoredFood {
        guard let food = try foods(ids: [id], in: db).first else {
            throw NutritionError.unknownId(kind: "food", id: id)
        }
        return food
    }

    /// The foods with these ids, in the order given (unknown ids left out).
    ///
    /// Columns are read by position: search hydrates ten foods per keystroke, and GRDB's lookup by column name
    /// (a case-insensitive comparison per column) was the largest cost of a search.
    static func foods(ids: [Int64], in db: Database) throws -> [StoredFood] {
        guard !ids.isEmpty else { return [] }
        // One cached statement whatever the number of ids (a JSON array through json_each): compiling a statement
        // per call, with GRDB's authorizer visiting every column, cost more than running it.
        let idList = "[" + ids.map(String.init).joined(separator: ",") + "]"
        var measures: [Int64: [HouseholdMeasure]] = [:]
        let measureRows = try Row.fetchCursor(
            try db.cachedStatement(
                sql: """
                    SELECT foodId, amount, description, grams FROM foodMeasure
                    WHERE foodId IN (SELECT value FROM json_each(?)) ORDER BY foodId, position
                    """
            ),
            arguments: [idList]
        )
        while let row = try measureRows.next() {
            measures[row[0] as Int64, default: []].append(
                HouseholdMeasure(amount: row[1], description: row[2], grams: row[3])
            )
        }
        var byId: [Int64: StoredFood] = [:]
        let rows = try Row.fetchCursor(
            try db.cachedStatement(
                sql: """
                    SELECT food.id, food.source, food.ndb, foodGroup.name, food.otherNames, food.servings, food.name,
                        food.isLiquid, \(NutrientColumns.qualifiedList)
                    FROM food LEFT JOIN foodGroup ON foodGroup.code = food.groupCode
                    WHERE food.id IN (SELECT value FROM json_each(?))
                    """
            ),
            arguments: [idList]
        )
        while let row = try rows.next() {
            let id: Int64 = row[0]
            let sourceText: String = row[1]
            byId[id] = StoredFood(
                id: id,
                source: StoredFood.Source(rawValue: sourceText) ?? .custom,
                ndb: row[2],
                group: row[3],
                otherNames: row[4],
                servings: row[5],
                facts: FoodFacts(
                    name: row[6],
                    per100Grams: NutrientColumns.read(row, from: 8),
                    measures: measures[id] ?? [],
                    isLiquid: (row[7] as Int) == 1
                )
            )
        }
        return ids.compactMap { byId[$0] }
    }

    /// The best matches for `text` as typed, best first (docs/architecture.md, "Food search"): the profile's own
    /// foods (favourites, then by how often logged, then custom foods and recipes), then the FTS5 tiers (whole words
    /// leading the name, whole words, prefixes leading the name, prefixes anywhere), each in static order.
    public func searchFoods(_ text: String, profileId: Int64?, limit: Int = 10) async throws(NutritionError)
        -> [FoodSearchHit]
    {
        try await nutritionRead { db in try StoreSnapshot(db: db).searchFoods(text, profileId: profileId, limit: limit)
        }
    }

    static func searchFoods(_ query: FoodSearchQuery, profileId: Int64?, limit: Int, in db: Database) throws
        -> [FoodSearchHit]
    {
        var own: [Int64] = []
        for row in try Row.fetchAll(
            try db.cachedStatement(
                sql: """
                    WITH mine(foodId, weight) AS (
                        SELECT foodId, 1000000 FROM foodFavorite WHERE profileId = ?1
                        UNION ALL SELECT foodId, count(*) * 1000 FROM intakeEntry
                            WHERE profileId = ?1 AND foodId IS NOT NULL GROUP BY foodId
                        UNION ALL SELECT id, 1 FROM food INDEXED BY food_ownName WHERE source <> 'usda'
                    )
                    SELECT food.id, food.searchWords, sum(weight) AS weight
                    FROM mine JOIN food ON food.id = mine.foodId
                    GROUP BY food.id ORDER BY weight DESC, food.id
                    """
            ),
            arguments: [profileId ?? -1]
        ) {
            let words: String = row[1]
            if query.matches(words.split(separator: " ").map(String.init)) { own.append(row[0]) }
            if own.count >= limit { break }
        }
        var ids = own
        var seen = Set(own)
        let statement = try db.cachedStatement(
            sql: "SELECT rowid FROM foodSearch WHERE foodSearch MATCH ? ORDER BY rowid LIMIT ?"
        )
        for tier in query.tiers where ids.count < limit {
            for id in try Int64.fetchAll(statement, arguments: [tier, limit]) where seen.insert(id).inserted {
                ids.append(id)
                if ids.count >= limit { break }
            }
        }
        let ownSet = Set(own)
        return try foods(ids: ids, in: db).map { FoodSearchHit(food: $0, isOwn: ownSet.contains($0.id)) }
    }

    /// The food a typed name means: `#ID`; a custom food's or recipe's exact name; a USDA food's exact name; else
    /// the clear best match by `FoodNameRule` (the profile's own foods and history, everyday words, common-food
    /// forms). Throws `.ambiguousFood` with the candidates when none is clearly best, `.unknownFood` with the nearest
    /// names when nothing matches.
    public func resolveFood(_ text: String, profileId: Int64?) async throws(NutritionError) -> StoredFood {
        try await nutritionRead { db in try Self.resolveFood(text, profileId: profileId, in: db) }
    }

    static func resolveFood(_ text: String, profileId: Int64?, in db: Database) throws -> StoredFood {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("#"), let id = Int64(trimmed.dropFirst()) { return try food(id: id, in: db) }
        if let id = try Int64.fetchOne(
            db,
            sql: "SELECT id FROM food WHERE lower(name) = lower(?) ORDER BY source = 'usda', id LIMIT 1",
            arguments: [trimmed]
        ) {
            return try food(id: id, in: db)
        }
        guard let query = FoodSearchQuery(trimmed) else { throw NutritionError.unknownFood(text, suggestions: []) }
        let resolution = FoodNameRule.resolve(
            trimmed,
            own: try ownFoodCandidates(profileId: profileId, in: db),
            everyday: try EverydayFoodForms.ndb(for: trimmed).flatMap { ndb in
                try Row.fetchOne(db, sql: "SELECT id, name FROM food WHERE ndb = ?", arguments: [ndb]).map {
                    FoodNameCandidate(id: $0[0], name: $0[1], ndb: ndb)
                }
            },
            matches: try wholeWordCandidates(query, in: db)
        )
        switch resolution {
        case .food(let chosen, _): return try food(id: chosen.id, in: db)
        case .ask(let choices): throw NutritionError.ambiguousFood(text, choices: choices)
        case .none:
            let suggestions = try searchFoods(query, profileId: profileId, limit: 5, in: db).map(\.food.name)
            throw NutritionError.unknownFood(text, suggestions: suggestions)
        }
    }

    /// The profile's own foods with their weight (favourite 1,000,000, each time logged 1,000) and the custom foods
    /// and recipes (weight 0: own, but neither marked nor eaten yet).
    static func ownFoodCandidates(profileId: Int64?, in db: Database) throws -> [FoodNameCandidate] {
        try Row.fetchAll(
            try db.cachedStatement(
                sql: """
                    WITH mine(foodId, weight) AS (
                        SELECT foodId, 1000000 FROM foodFavorite WHERE profileId = ?1
                        UNION ALL SELECT foodId, count(*) * 1000 FROM intakeEntry
                            WHERE profileId = ?1 AND foodId IS NOT NULL GROUP BY foodId
                        UNION ALL SELECT id, 0 FROM food INDEXED BY food_ownName WHERE source <> 'usda'
                    )
                    SELECT food.id, food.name, food.ndb, sum(weight) AS weight
                    FROM mine JOIN food ON food.id = mine.foodId
                    GROUP BY food.id ORDER BY weight DESC, food.id
                    """
            ),
            arguments: [profileId ?? -1]
        ).map { FoodNameCandidate(id: $0[0], name: $0[1], ndb: $0[2], ownWeight: $0[3]) }
    }

    /// The foods holding every typed word whole (singular or plural) with the first leading the name, else anywhere;
    /// at most 200, in search order.
    static func wholeWordCandidates(_ query: FoodSearchQuery, in db: Database) throws -> [FoodNameCandidate] {
        let statement = try db.cachedStatement(
            sql: """
                SELECT food.id, food.name, food.ndb FROM foodSearch JOIN food ON food.id = foodSearch.rowid
                WHERE foodSearch MATCH ? ORDER BY foodSearch.rowid LIMIT 200
                """
        )
        for tier in query.tiers.prefix(2) {
            let found = try Row.fetchAll(statement, arguments: [tier]).map {
                FoodNameCandidate(id: $0[0], name: $0[1], ndb: $0[2])
            }
            if !found.isEmpty { return found }
        }
        return []
    }

    /// Adds a custom food with nutrients per 100 g and its measures (a "serving" measure for a food given per
    /// serving). The food database must be imported first (USDA foods hold the first ids).
    public func addCustomFood(_ facts: FoodFacts, atMs: Int64) async throws(NutritionError) -> StoredFood {
        try await nutritionWrite { db in
            let id = try Self.insertOwnFood(facts, source: .custom, servings: nil, atMs: atMs, in: db)
            return try Self.food(id: id, in: db)
        }
    }

    static func insertOwnFood(
        _ facts: FoodFacts,
        source: StoredFood.Source,
        servings: Double?,
        atMs: Int64,
        in db: Database
    ) throws -> Int64 {
        guard try Int.fetchOne(db, sql: "SELECT count(*) FROM foodDatabaseImport") ?? 0 > 0 else {
            throw NutritionError.foodDatabaseMissing
        }
        try checkOwnName(facts.name, excluding: nil, in: db)
        var values: [(any DatabaseValueConvertible)?] = [
            source.rawValue, facts.name, searchWords(facts.name, ""), facts.isLiquid ? 1 : 0, servings,
        ]
        values += NutrientColumns.values(facts.per100Grams)
        values += [atMs, atMs]
        try db.execute(
            sql: """
                INSERT INTO food (source, name, otherNames, searchWords, isLiquid, servings,
                    \(NutrientColumns.list), createdAtMs, updatedAtMs)
                VALUES (?, ?, '', ?, ?, ?, \(NutrientColumns.placeholders), ?, ?)
                """,
            arguments: StatementArguments(values)
        )
        let id = db.lastInsertedRowID
        try db.execute(
            sql: "INSERT INTO foodSearch (rowid, name, otherNames) VALUES (?, ?, '')",
            arguments: [id, facts.name]
        )
        try writeMeasures(facts.measures, foodId: id, in: db)
        return id
    }

    /// A food's words folded as the search index folds them, space-separated.
    static func searchWords(_ name: String, _ otherNames: String) -> String {
        FoodSearchQuery.fold(name + " " + otherNames).joined(separator: " ")
    }

    static func checkOwnName(_ name: String, excluding id: Int64?, in db: Database) throws {
        let clash = try Int64.fetchOne(
            db,
            sql: "SELECT id FROM food WHERE source <> 'usda' AND lower(name) = lower(?) AND id IS NOT ?",
            arguments: [name, id]
        )
        if clash != nil { throw NutritionError.nameTaken(name) }
    }

    static func writeMeasures(_ measures: [HouseholdMeasure], foodId: Int64, in db: Database) throws {
        try db.execute(sql: "DELETE FROM foodMeasure WHERE foodId = ?", arguments: [foodId])
        for (position, measure) in measures.enumerated() {
            try db.execute(
                sql: "INSERT INTO foodMeasure (foodId, position, amount, description, grams) VALUES (?, ?, ?, ?, ?)",
                arguments: [foodId, position + 1, measure.amount, measure.description, measure.grams]
            )
        }
    }

    /// Sets whether a food counts as fluid (its water added to the fluid total), overriding the script's heuristics
    /// for this store (nutrition.md §1.7 (5): the user and dietitian decide). Entries already logged keep theirs.
    public func setCountsAsFluid(foodId: Int64, _ counts: Bool, atMs: Int64) async throws(NutritionError) {
        try await nutritionWrite { db in
            _ = try Self.food(id: foodId, in: db)
            try db.execute(
                sql: "UPDATE food SET isLiquid = ?, updatedAtMs = ? WHERE id = ?",
                arguments: [counts ? 1 : 0, atMs, foodId]
            )
        }
    }

    /// Marks (or unmarks) a food as one of the profile's favourites, which search ranks first.
    public func setFavorite(foodId: Int64, profileId: Int64, favorite: Bool) async throws(NutritionError) {
        try await nutritionWrite { db in
            try Self.requireTerms(TermsOfService.current.version, in: db)
            _ = try Self.food(id: foodId, in: db)
            if favorite {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO foodFavorite (profileId, foodId) VALUES (?, ?)",
                    arguments: [profileId, foodId]
                )
            } else {
                try db.execute(
                    sql: "DELETE FROM foodFavorite WHERE profileId = ? AND foodId = ?",
                    arguments: [profileId, foodId]
                )
            }
        }
    }
}

extension StoreSnapshot {
    /// True once the USDA foods are imported.
    public func hasFoodDatabase() throws -> Bool {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM foodDatabaseImport")) ?? 0 > 0
    }

    /// Foods matching `text` as typed, the profile's own first (`HubDatabase.searchFoods`).
    public func searchFoods(_ text: String, profileId: Int64?, limit: Int = 10) throws -> [FoodSearchHit] {
        guard let query = FoodSearchQuery(text) else { return [] }
        return try HubDatabase.searchFoods(query, profileId: profileId, limit: limit, in: db)
    }
}
