import Care
import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// Saves a new recipe: every ingredient is resolved and portioned, then the recipe is stored as a food (per
    /// 100 g, with one "serving" measure) with its ingredients, in one transaction.
    public func addRecipe(
        name: String,
        ingredients: [IngredientInput],
        servings: Double,
        atMs: Int64
    ) async throws(NutritionError) -> StoredRecipe {
        try await nutritionWrite { db in
            let recipe = try Self.makeRecipe(name: name, ingredients: ingredients, servings: servings, in: db)
            let id = try Self.insertOwnFood(
                Self.facts(of: recipe),
                source: .recipe,
                servings: recipe.servings,
                atMs: atMs,
                in: db
            )
            try Self.writeIngredients(recipe, inputs: ingredients, recipeId: id, in: db)
            return try Self.recipe(id: id, in: db)
        }
    }

    /// Changes a recipe: a new name, new ingredients and/or servings. Past log entries keep the nutrients they
    /// were logged with; only later entries use the new values.
    public func editRecipe(
        _ reference: String,
        newName: String?,
        ingredients: [IngredientInput]?,
        servings: Double?,
        atMs: Int64
    ) async throws(NutritionError) -> StoredRecipe {
        try await nutritionWrite { db in
            let current = try Self.recipe(named: reference, in: db)
            let inputs =
                try ingredients
                ?? Row.fetchAll(
                    db,
                    sql: "SELECT foodId, amount, unit FROM recipeIngredient WHERE recipeId = ? ORDER BY position",
                    arguments: [current.food.id]
                ).map { IngredientInput(food: "#\($0["foodId"] as Int64)", amount: $0["amount"], unit: $0["unit"]) }
            let recipe = try Self.makeRecipe(
                name: newName ?? current.food.name,
                ingredients: inputs,
                servings: servings ?? current.recipe.servings,
                in: db
            )
            try Self.checkOwnName(recipe.name, excluding: current.food.id, in: db)
            let facts = Self.facts(of: recipe)
            var values: [(any DatabaseValueConvertible)?] = [
                recipe.name, Self.searchWords(recipe.name, ""), facts.isLiquid ? 1 : 0, recipe.servings,
            ]
            values += NutrientColumns.values(facts.per100Grams)
            values += [atMs, current.food.id]
            try db.execute(
                sql: """
                    UPDATE food SET name = ?, searchWords = ?, isLiquid = ?, servings = ?, \(NutrientColumns.assignments),
                        updatedAtMs = ? WHERE id = ?
                    """,
                arguments: StatementArguments(values)
            )
            try db.execute(
                sql: "UPDATE foodSearch SET name = ? WHERE rowid = ?",
                arguments: [recipe.name, current.food.id]
            )
            try Self.writeMeasures(facts.measures, foodId: current.food.id, in: db)
            try Self.writeIngredients(recipe, inputs: inputs, recipeId: current.food.id, in: db)
            return try Self.recipe(id: current.food.id, in: db)
        }
    }

    /// The recipe with this name (or `#ID`).
    public func recipe(named reference: String) async throws(NutritionError) -> StoredRecipe {
        try await nutritionRead { db in try Self.recipe(named: reference, in: db) }
    }

    /// Every recipe, by name.
    public func recipes() async throws(NutritionError) -> [StoredRecipe] {
        try await nutritionRead { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM food WHERE source = 'recipe' ORDER BY lower(name)")
                .map { try Self.recipe(id: $0, in: db) }
        }
    }

    static func recipe(named reference: String, in db: Database) throws -> StoredRecipe {
        let trimmed = reference.trimmingCharacters(in: .whitespaces)
        let id: Int64? =
            if trimmed.hasPrefix("#"), let number = Int64(trimmed.dropFirst()) {
                try Int64.fetchOne(
                    db,
                    sql: "SELECT id FROM food WHERE id = ? AND source = 'recipe'",
                    arguments: [number]
                )
            } else {
                try Int64.fetchOne(
                    db,
                    sql: "SELECT id FROM food WHERE source = 'recipe' AND lower(name) = lower(?)",
                    arguments: [trimmed]
                )
            }
        guard let id else {
            let names = try String.fetchAll(db, sql: "SELECT name FROM food WHERE source = 'recipe' ORDER BY name")
            throw NutritionError.unknownFood(reference, suggestions: names)
        }
        return try recipe(id: id, in: db)
    }

    static func recipe(id: Int64, in db: Database) throws -> StoredRecipe {
        let food = try food(id: id, in: db)
        let rows = try Row.fetchAll(
            db,
            sql: "SELECT foodId, amount, unit FROM recipeIngredient WHERE recipeId = ? ORDER BY position",
            arguments: [id]
        )
        var ingredients: [Recipe.Ingredient] = []
        for row in rows {
            let ingredient = try Self.food(id: row["foodId"], in: db)
            ingredients.append(
                Recipe.Ingredient(
                    foodName: ingredient.name,
                    portion: try portion(of: ingredient.facts, amount: row["amount"], unit: row["unit"])
                )
            )
        }
        do {
            return StoredRecipe(
                food: food,
                recipe: try Recipe(name: food.name, ingredients: ingredients, servings: food.servings ?? 1)
            )
        } catch {
            throw NutritionError.recipe(error)
        }
    }

    static func makeRecipe(name: String, ingredients: [IngredientInput], servings: Double, in db: Database) throws
        -> Recipe
    {
        var parts: [Recipe.Ingredient] = []
        for input in ingredients {
            let food = try resolveFood(input.food, profileId: nil, in: db)
            guard food.source != .recipe || food.name.lowercased() != name.lowercased() else {
                throw NutritionError.invalid("a recipe cannot contain itself ('\(name)')")
            }
            parts.append(
                Recipe.Ingredient(
                    foodName: food.name,
                    portion: try portion(of: food.facts, amount: input.amount, unit: input.unit)
                )
            )
        }
        do {
            return try Recipe(name: name.trimmingCharacters(in: .whitespaces), ingredients: parts, servings: servings)
        } catch {
            throw NutritionError.recipe(error)
        }
    }

    static func portion(of facts: FoodFacts, amount: Double?, unit: String?) throws -> Portion {
        do {
            return try Portion(of: facts, amount: amount, unit: unit)
        } catch {
            throw NutritionError.portion(error)
        }
    }

    /// A recipe as a food: per 100 g, one "serving" measure, liquid when most of it is.
    static func facts(of recipe: Recipe) -> FoodFacts {
        FoodFacts(
            name: recipe.name,
            per100Grams: recipe.per100Grams,
            measures: [HouseholdMeasure(amount: 1, description: "serving", grams: recipe.servingGrams)],
            isLiquid: recipe.isLiquid
        )
    }

    static func writeIngredients(_ recipe: Recipe, inputs: [IngredientInput], recipeId: Int64, in db: Database) throws {
        try db.execute(sql: "DELETE FROM recipeIngredient WHERE recipeId = ?", arguments: [recipeId])
        for (position, input) in inputs.enumerated() {
            let food = try resolveFood(input.food, profileId: nil, in: db)
            try db.execute(
                sql: """
                    INSERT INTO recipeIngredient (recipeId, position, foodId, amount, unit, grams)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    recipeId, position + 1, food.id, input.amount, input.unit,
                    recipe.ingredients[position].portion.grams,
                ]
            )
        }
    }
}
