import ArgumentParser
import Care
import Foundation
import HubCore
import HubRecords
import HubServices

/// `kidneyhub recipes add|show|list|edit`.
struct Recipes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Your recipes: foods and amounts, with total and per-serving nutrients.",
        subcommands: [Add.self, Show.self, List.self, Edit.self]
    )

    /// Reads `FOOD=AMOUNT UNIT`, for example `Paneer=100 g` or `Tomatoes, red, ripe, raw, year round average=1 medium`.
    static func ingredient(_ text: String) throws -> IngredientInput {
        guard let equals = text.lastIndex(of: "=") else {
            throw CommandFailure("--ingredient '\(text)': write FOOD=AMOUNT UNIT, for example \"Paneer=100 g\"")
        }
        let food = text[..<equals].trimmingCharacters(in: .whitespaces)
        let rest = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        let parts = rest.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, let amount = Double(parts[0]), !food.isEmpty else {
            throw CommandFailure("--ingredient '\(text)': write FOOD=AMOUNT UNIT, for example \"Paneer=100 g\"")
        }
        return IngredientInput(food: food, amount: amount, unit: parts[1])
    }

    struct RecipeListing: Encodable {
        struct Ingredient: Encodable {
            var food: String
            var amount: Double
            var unit: String
            var grams: Double
            var nutrients: [String: Double?]
        }
        var id: Int64
        var name: String
        var servings: Double
        var totalGrams: Double
        var servingGrams: Double
        var liquid: Bool
        var ingredients: [Ingredient]
        /// Total nutrients; null when no ingredient knows one; `unknownIn` counts ingredients that do not.
        var total: [String: Double?]
        var unknownIn: [String: Int]
        /// Per serving; null when any ingredient does not know it.
        var perServing: [String: Double?]

        init(_ stored: StoredRecipe) {
            let recipe = stored.recipe
            id = stored.food.id
            name = recipe.name
            servings = recipe.servings
            totalGrams = recipe.totalGrams
            servingGrams = recipe.servingGrams
            liquid = recipe.isLiquid
            ingredients = recipe.ingredients.map { ingredient in
                Ingredient(
                    food: ingredient.foodName,
                    amount: ingredient.portion.amount,
                    unit: ingredient.portion.unit,
                    grams: ingredient.portion.grams,
                    nutrients: Dictionary(
                        uniqueKeysWithValues: Nutrient.allCases.map { ($0.rawValue, ingredient.portion.nutrients[$0]) }
                    )
                )
            }
            let totals = recipe.totals
            total = Dictionary(
                uniqueKeysWithValues: Nutrient.allCases.map {
                    ($0.rawValue, totals[$0].isUnknown ? nil : totals[$0].value)
                }
            )
            unknownIn = Dictionary(
                uniqueKeysWithValues: Nutrient.allCases.map { ($0.rawValue, totals[$0].unknownParts) }
            )
            let serving = recipe.perServing
            perServing = Dictionary(uniqueKeysWithValues: Nutrient.allCases.map { ($0.rawValue, serving[$0]) })
        }

        func print() {
            Swift.print(
                "\(name) (#\(id)): \(NutrientText.number(servings)) servings of \(NutrientText.number(servingGrams)) g (total \(NutrientText.number(totalGrams)) g)\(liquid ? ", counts as fluid" : "")"
            )
            printTable(
                ["INGREDIENT", "AMOUNT", "GRAMS"] + kidneyNutrients.map { $0.displayName.uppercased() },
                ingredients.map { ingredient in
                    [
                        ingredient.food,
                        "\(NutrientText.number(ingredient.amount)) \(UnitDisplayName.text(ingredient.unit))",
                        NutrientText.number(ingredient.grams),
                    ]
                        + kidneyNutrients.map { NutrientText.amount(ingredient.nutrients[$0.rawValue] ?? nil, $0) }
                }
            )
            Swift.print("")
            printTable(
                ["NUTRIENT", "TOTAL", "PER SERVING"],
                Nutrient.allCases.map { nutrient in
                    let unknown = unknownIn[nutrient.rawValue] ?? 0
                    let totalText =
                        (total[nutrient.rawValue] ?? nil).map {
                            (unknown > 0 ? "≥ " : "") + NutrientText.amount($0, nutrient)
                                + (unknown > 0 ? " (unknown in \(unknown))" : "")
                        } ?? "unknown"
                    return [
                        nutrient.displayName, totalText,
                        NutrientText.amount(perServing[nutrient.rawValue] ?? nil, nutrient),
                    ]
                }
            )
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Save a recipe, for example `kidneyhub recipes add \"Kandai Paneer\" --servings 2 --ingredient \"Paneer=100 g\" --ingredient \"Tomatoes, red, ripe, raw, year round average=50 g\"`.",
            discussion: "Log it afterwards with `kidneyhub log food \"Kandai Paneer\" --amount 1 --unit serving`."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The recipe's name.") var name: String
        @Option(help: "How many servings it makes.") var servings: Double = 1
        @Option(help: "FOOD=AMOUNT UNIT (repeat for each ingredient); FOOD is a name or #ID.") var ingredient:
            [String] = []
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let inputs = try ingredient.map(Recipes.ingredient)
            let stored = try await store.openForWriting().recipes.add(
                name: name,
                ingredients: inputs,
                servings: servings
            )
            if json { try printJSON(RecipeListing(stored)) } else { RecipeListing(stored).print() }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a recipe with its nutrients.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The recipe's name or #ID.") var name: String
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let stored = try await store.openForWriting().recipes.show(name)
            if json { try printJSON(RecipeListing(stored)) } else { RecipeListing(stored).print() }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List your recipes.")
        @OptionGroup var store: StoreOptions
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let listings = try await store.openForWriting().recipes.list().map(RecipeListing.init)
            if json {
                try printJSON(listings)
                return
            }
            guard !listings.isEmpty else {
                print("No recipes yet: save one with `kidneyhub recipes add`.")
                return
            }
            printTable(
                ["ID", "RECIPE", "SERVINGS", "SERVING"]
                    + kidneyNutrients.map { "\($0.displayName.uppercased())/SERVING" },
                listings.map { listing in
                    [
                        "\(listing.id)", listing.name, NutrientText.number(listing.servings),
                        "\(NutrientText.number(listing.servingGrams)) g",
                    ]
                        + kidneyNutrients.map { NutrientText.amount(listing.perServing[$0.rawValue] ?? nil, $0) }
                }
            )
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Change a recipe's name, servings or ingredients (future logs only; past logs keep what was eaten).",
            discussion: "Giving --ingredient replaces every ingredient."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The recipe's name or #ID.") var name: String
        @Option(help: "A new name.") var rename: String?
        @Option(help: "How many servings it makes.") var servings: Double?
        @Option(help: "FOOD=AMOUNT UNIT (repeat; replaces all ingredients).") var ingredient: [String] = []
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let inputs = try ingredient.map(Recipes.ingredient)
            let stored = try await store.openForWriting().recipes.edit(
                name,
                newName: rename,
                ingredients: inputs.isEmpty ? nil : inputs,
                servings: servings
            )
            if json { try printJSON(RecipeListing(stored)) } else { RecipeListing(stored).print() }
        }
    }
}
