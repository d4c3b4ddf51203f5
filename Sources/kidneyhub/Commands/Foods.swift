import ArgumentParser
import Care
import Foundation
import HubCore
import HubRecords
import HubServices

/// `kidneyhub foods search|show|add|favorite`.
struct Foods: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The food database: USDA SR28 foods, your own foods and recipes.",
        subcommands: [Search.self, Show.self, Add.self, Favorite.self, Fluid.self, Check.self]
    )

    /// One food as `foods search` and `foods show` print it in JSON.
    struct FoodListing: Encodable {
        var id: Int64
        var name: String
        var source: String
        var ndb: String?
        var group: String?
        var liquid: Bool
        var own: Bool?
        var serving: String
        var servingGrams: Double
        /// Per serving; null is unknown.
        var perServing: [String: Double?]
        /// Per 100 g; null is unknown.
        var per100Grams: [String: Double?]
        var units: [String]
        var measures: [String]?

        init(_ food: StoredFood, own: Bool? = nil, withMeasures: Bool = false) {
            id = food.id
            name = food.name
            source = food.source.rawValue
            ndb = food.ndb
            group = food.group
            liquid = food.facts.isLiquid
            self.own = own
            let measure = food.facts.typicalServing
            serving = measure.map { "\(NutrientText.number($0.amount)) \($0.description)" } ?? "100 g"
            servingGrams = measure?.grams ?? 100
            let portion = food.facts.per100Grams.forPortion(grams: servingGrams)
            perServing = Dictionary(uniqueKeysWithValues: Nutrient.allCases.map { ($0.rawValue, portion[$0]) })
            per100Grams = Dictionary(
                uniqueKeysWithValues: Nutrient.allCases.map { ($0.rawValue, food.facts.per100Grams[$0]) }
            )
            units = food.facts.unitNames
            measures =
                withMeasures
                ? food.facts.measures.map {
                    "\(NutrientText.number($0.amount)) \($0.description) = \(NutrientText.number($0.grams)) g"
                }
                : nil
        }
    }

    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find foods as you type, for example `kidneyhub foods search \"ban\"`.",
            discussion: """
                Matches word prefixes in any order, ignoring accents ("creme" finds "Crème"). Your favourites, the \
                foods you logged and your own foods come first, then whole-word matches, then commonly eaten foods. \
                Potassium, phosphorus, sodium and protein are shown per serving (the food's first household measure).
                """
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "What to search for.") var text: String
        @Option(help: "How many matches (1 to 100).") var limit = 10
        @Option(help: "The profile whose history ranks first (default: the only one, if any).") var profile: String?
        @Flag(help: "Print JSON.") var json = false

        func validate() throws {
            guard (1...100).contains(limit) else { throw ValidationError("--limit must be 1 to 100") }
        }

        func run() async throws {
            let hits = try await store.openForWriting().foods.search(text, profile: profile, limit: limit)
            if json {
                try printJSON(hits.map { FoodListing($0.food, own: $0.isOwn) })
                return
            }
            guard !hits.isEmpty else {
                print("No food matches '\(text)'. Add your own with `kidneyhub foods add`.")
                return
            }
            printTable(
                ["ID", "FOOD", "SERVING", "POTASSIUM", "PHOSPHORUS", "SODIUM", "PROTEIN"],
                hits.map { hit in
                    let listing = FoodListing(hit.food)
                    return [
                        "\(hit.food.id)", (hit.isOwn ? "* " : "") + hit.food.name,
                        "\(listing.serving) (\(NutrientText.number(listing.servingGrams)) g)",
                    ] + kidneyNutrients.map { NutrientText.amount(listing.perServing[$0.rawValue] ?? nil, $0) }
                }
            )
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a food's nutrients and household measures.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The food: its name, or #ID from `foods search`.") var food: String
        @Option(help: "The profile (for ranking only).") var profile: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let app = try store.openForWriting()
            let found = try await withFoodChoice(food) { try await app.foods.show($0, profile: profile) }
            let listing = FoodListing(found, withMeasures: true)
            if json {
                try printJSON(listing)
                return
            }
            print(
                "\(found.name) (#\(found.id), \(found.ndb.map { "USDA NDB \($0)" } ?? found.source.rawValue)\(found.group.map { ", \($0)" } ?? ""))"
            )
            print("Counts as fluid: \(found.facts.isLiquid ? "yes (its water)" : "no")")
            print("Per serving: \(listing.serving) = \(NutrientText.number(listing.servingGrams)) g")
            printTable(
                ["NUTRIENT", "PER 100 G", "PER SERVING"],
                (kidneyNutrients + Nutrient.allCases.filter { !kidneyNutrients.contains($0) }).map { nutrient in
                    [
                        nutrient.displayName, NutrientText.amount(found.facts.per100Grams[nutrient], nutrient),
                        NutrientText.amount(listing.perServing[nutrient.rawValue] ?? nil, nutrient),
                    ]
                }
            )
            print("Units: \(found.facts.unitNames.joined(separator: ", "))")
            for measure in listing.measures ?? [] { print("  \(measure)") }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add your own food, with nutrients per 100 g or per serving.",
            discussion: """
                For example `kidneyhub foods add "Paneer" --per 100g --energy 321 --protein 25 --potassium 100 \
                --phosphorus 190 --sodium 20`, or `--per serving --serving-grams 30`. Nutrients you leave out are \
                unknown, not 0.
                """
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The food's name.") var name: String
        @Option(help: ArgumentHelp("What the nutrients are for.", valueName: "100g|serving")) var per = "100g"
        @Option(help: "The weight of one serving in grams (needed with --per serving; optional otherwise).")
        var servingGrams: Double?
        @Flag(help: "It is liquid at room temperature: its water counts as fluid.") var liquid = false
        @Option(help: "kcal") var energy: Double?
        @Option(help: "g") var protein: Double?
        @Option(help: "g") var fat: Double?
        @Option(help: "g") var carbohydrate: Double?
        @Option(help: "g") var sugars: Double?
        @Option(help: "g") var fiber: Double?
        @Option(help: "g") var water: Double?
        @Option(help: "mg") var calcium: Double?
        @Option(help: "mg") var phosphorus: Double?
        @Option(help: "mg") var potassium: Double?
        @Option(help: "mg") var sodium: Double?
        @Option(name: .customLong("vitamin-k"), help: "µg") var vitaminK: Double?
        @Option(help: "g") var alcohol: Double?
        @Option(help: "mg") var caffeine: Double?

        func run() async throws {
            let typed: [Nutrient: Double?] = [
                .energy: energy, .protein: protein, .fat: fat, .carbohydrate: carbohydrate, .sugars: sugars,
                .fiber: fiber, .water: water, .calcium: calcium, .phosphorus: phosphorus, .potassium: potassium,
                .sodium: sodium, .vitaminK: vitaminK, .alcohol: alcohol, .caffeine: caffeine,
            ]
            let basis: FoodsService.NutrientBasis? =
                switch per.lowercased() {
                case "100g", "100 g": .per100Grams
                case "serving": .perServing
                default: nil
                }
            let food = try await store.openForWriting().foods.addCustom(
                FoodsService.CustomFood(
                    name: name,
                    basis: basis,
                    servingGrams: servingGrams,
                    isLiquid: liquid,
                    amounts: typed.compactMapValues { $0 }
                )
            )
            print("Added '\(food.name)' (#\(food.id)); units: \(food.facts.unitNames.joined(separator: ", ")).")
        }
    }

    struct Fluid: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Set whether a food counts as fluid, for example `kidneyhub foods fluid \"Yogurt, plain, whole milk\" yes`.",
            discussion:
                "Overrides KidneyHub's guess (docs/architecture.md); entries already logged keep what they counted."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The food: its name, or #ID.") var food: String
        @Argument(help: ArgumentHelp("Whether its water counts as fluid.", valueName: "yes|no")) var counts: String

        func run() async throws {
            let value: Bool
            switch counts.lowercased() {
            case "yes", "true": value = true
            case "no", "false": value = false
            default: throw CommandFailure("say yes or no (got '\(counts)')")
            }
            let found = try await store.openForWriting().foods.setCountsAsFluid(food, value)
            print("'\(found.name)' \(value ? "now counts" : "no longer counts") as fluid.")
        }
    }

    struct Favorite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Mark a food as a favourite (ranked first in search)."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The food: its name, or #ID.") var food: String
        @Flag(help: "Remove it from the favourites instead.") var remove = false
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let app = try store.openForWriting()
            let change = try await withFoodChoice(food) {
                try await app.foods.setFavorite($0, profile: profile, favorite: !remove)
            }
            print("'\(change.food.name)' is \(remove ? "no longer" : "now") a favourite of '\(change.profile.name)'.")
        }
    }
}
