/// A recipe: foods and amounts, made into `servings` servings (nutrition.md §1.6: the sum of ingredients × grams / 100).
public struct Recipe: Sendable, Equatable {
    /// One ingredient as portioned.
    public struct Ingredient: Sendable, Equatable {
        /// The food's name.
        public var foodName: String
        /// The portion used.
        public var portion: Portion

        /// An ingredient from its parts.
        public init(foodName: String, portion: Portion) {
            self.foodName = foodName
            self.portion = portion
        }
    }

    /// The recipe's name.
    public var name: String
    /// Its ingredients.
    public var ingredients: [Ingredient]
    /// How many servings it makes.
    public var servings: Double

    /// Servings a recipe may make: a guard against typing errors set by KidneyHub issue 8.
    public static let servingsRange: ClosedRange<Double> = 0.1...1000

    /// A recipe; throws when it has no ingredient or an implausible number of servings.
    public init(name: String, ingredients: [Ingredient], servings: Double) throws(RecipeError) {
        guard !name.allSatisfy(\.isWhitespace) else { throw .emptyName }
        guard !ingredients.isEmpty else { throw .noIngredients }
        guard servings.isFinite, Self.servingsRange.contains(servings) else { throw .servings(servings) }
        self.name = name
        self.ingredients = ingredients
        self.servings = servings
    }

    /// The total weight in grams.
    public var totalGrams: Double { ingredients.reduce(0) { $0 + $1.portion.grams } }

    /// The weight of one serving in grams.
    public var servingGrams: Double { totalGrams / servings }

    /// The whole recipe's nutrients, each with how many ingredients did not know it.
    public var totals: NutrientTotals { NutrientTotals.sum(ingredients.map(\.portion.nutrients)) }

    /// The nutrients of one serving; a nutrient any ingredient does not know is unknown.
    public var perServing: NutrientAmounts { Self.complete(totals).scaled(by: 1 / servings) }

    /// The nutrients per 100 g, to store the recipe as a food; a nutrient any ingredient does not know is unknown.
    public var per100Grams: NutrientAmounts { Self.complete(totals).scaled(by: 100 / totalGrams) }

    /// Whether the recipe is liquid at room temperature: when most of its weight is liquid ingredients (a soup).
    public var isLiquid: Bool {
        let liquidGrams = ingredients.filter { $0.portion.fluidMilliliters > 0 }.reduce(0) { $0 + $1.portion.grams }
        return liquidGrams * 2 > totalGrams
    }

    /// The known totals only: a sum with an unknown part is itself unknown, never a silent lower bound.
    static func complete(_ totals: NutrientTotals) -> NutrientAmounts {
        var amounts = NutrientAmounts()
        for (nutrient, total) in totals.totals where total.isComplete { amounts[nutrient] = total.value }
        return amounts
    }
}

/// Why a recipe was refused.
public enum RecipeError: Error, Sendable, Equatable, CustomStringConvertible {
    case emptyName
    case noIngredients
    case servings(Double)

    public var description: String {
        switch self {
        case .emptyName: "the recipe needs a name"
        case .noIngredients: "a recipe needs at least one ingredient (--ingredient \"FOOD=AMOUNT UNIT\")"
        case .servings(let servings):
            "--servings \(servings) is not plausible (\(Recipe.servingsRange.lowerBound) to "
                + "\(Int(Recipe.servingsRange.upperBound)))"
        }
    }
}
