import Care
import HubCore

/// A food as stored: a USDA food, a custom food or a recipe.
public struct StoredFood: Sendable, Equatable {
    /// Where a food comes from.
    public enum Source: String, Sendable, Codable {
        case usda
        case custom
        case recipe
    }

    /// The row id (also the search index's rowid).
    public var id: Int64
    /// Where it comes from.
    public var source: Source
    /// The USDA NDB number, for USDA foods.
    public var ndb: String?
    /// The USDA food group's description, for USDA foods.
    public var group: String?
    /// Other names (USDA ComName).
    public var otherNames: String
    /// Servings a recipe makes.
    public var servings: Double?
    /// Name, nutrients per 100 g, measures and the liquid flag.
    public var facts: FoodFacts

    /// The name.
    public var name: String { facts.name }

    /// A value from its parts.
    package init(
        id: Int64,
        source: Source,
        ndb: String? = nil,
        group: String? = nil,
        otherNames: String,
        servings: Double? = nil,
        facts: FoodFacts
    ) {
        self.id = id
        self.source = source
        self.ndb = ndb
        self.group = group
        self.otherNames = otherNames
        self.servings = servings
        self.facts = facts
    }
}

/// A search result: the food and whether it ranked first as one of the profile's own (favourite, logged, custom).
public struct FoodSearchHit: Sendable, Equatable {
    /// The food.
    public var food: StoredFood
    /// True when the profile's history, favourites or own foods put it first.
    public var isOwn: Bool

    /// A value from its parts.
    package init(food: StoredFood, isOwn: Bool) {
        self.food = food
        self.isOwn = isOwn
    }
}
