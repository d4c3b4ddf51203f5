import Care
import Clinical
import Foundation
import HubCore

/// An ingredient as typed: a food (name or `#ID`), an amount and a unit.
public struct IngredientInput: Sendable, Equatable {
    public var food: String
    public var amount: Double
    public var unit: String

    public init(food: String, amount: Double, unit: String) {
        self.food = food
        self.amount = amount
        self.unit = unit
    }
}

/// A stored recipe: its food row and its ingredients, with the recipe's totals.
public struct StoredRecipe: Sendable, Equatable {
    /// The recipe as a food (nutrients per 100 g, a "serving" measure).
    public var food: StoredFood
    /// The recipe with its ingredients as portioned now.
    public var recipe: Recipe

    /// A value from its parts.
    package init(food: StoredFood, recipe: Recipe) {
        self.food = food
        self.recipe = recipe
    }
}
