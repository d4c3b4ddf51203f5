import Care
import HubRecords
import HubStore

/// Your recipes: foods and amounts, with total and per-serving nutrients; logged like any food.
public struct RecipesService: Sendable {
    let app: HubApplication

    /// Saves a recipe of `ingredients` making `servings` servings.
    public func add(name: String, ingredients: [IngredientInput], servings: Double) async throws -> StoredRecipe {
        try await app.foods.ensureFoodDatabase()
        return try await app.store.addRecipe(name: name, ingredients: ingredients, servings: servings, atMs: app.now())
    }

    /// The recipe named `reference` (its name or #ID).
    public func show(_ reference: String) async throws -> StoredRecipe {
        try await app.foods.ensureFoodDatabase()
        return try await app.store.recipe(named: reference)
    }

    /// Every recipe.
    public func list() async throws -> [StoredRecipe] {
        try await app.foods.ensureFoodDatabase()
        return try await app.store.recipes()
    }

    /// Changes a recipe's name, servings or ingredients (nil keeps it); past log entries keep what was eaten.
    public func edit(
        _ reference: String,
        newName: String?,
        ingredients: [IngredientInput]?,
        servings: Double?
    ) async throws -> StoredRecipe {
        try await app.foods.ensureFoodDatabase()
        return try await app.store.editRecipe(
            reference,
            newName: newName,
            ingredients: ingredients,
            servings: servings,
            atMs: app.now()
        )
    }
}

extension HubApplication {
    /// Your recipes.
    public var recipes: RecipesService { RecipesService(app: self) }
}
