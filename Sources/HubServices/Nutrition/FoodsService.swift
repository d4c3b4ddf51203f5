import Care
import CareEngine
import Clinical
import FoodData
import Foundation
import HubCore
import HubRecords
import HubStore

/// The food database: search, a food's facts, the check of a portion against today's limits, your own foods,
/// favourites and whether a food counts as fluid. The shipped USDA database is imported on first use.
public struct FoodsService: Sendable {
    let app: HubApplication

    /// Imports the shipped USDA food database when this store has none yet (one transaction; a concurrent import
    /// stores it once). Every nutrition operation calls it first, so a new store works without a setup step.
    public func ensureFoodDatabase() async throws {
        guard try await !app.store.hasFoodDatabase() else { return }
        let foods: USDAFoodDatabase
        do {
            foods = try ShippedFoodDatabase.load()
        } catch {
            throw CareServiceError.foodDatabaseUnavailable(reason: "\(error)")
        }
        try await app.store.importFoodDatabase(foods, atMs: app.now())
    }

    /// Foods matching `text` as typed (word prefixes in any order); the profile's favourites and history rank first.
    /// A profile that cannot be chosen ranks nothing first.
    public func search(_ text: String, profile: String?, limit: Int) async throws -> [FoodSearchHit] {
        // One read for every keystroke once the foods are there: the check, the profile and the search, where three
        // reads one after another made three hand-overs to a reader's thread and back.
        @Sendable func searchIfImported() async throws -> [FoodSearchHit]? {
            try await app.store.snapshot { store in
                guard try store.hasFoodDatabase() else { return nil }
                return try store.searchFoods(text, profileId: try? store.selectProfile(named: profile).id, limit: limit)
            }
        }
        if let found = try await searchIfImported() { return found }
        try await ensureFoodDatabase()
        return try await searchIfImported() ?? []
    }

    /// The food named `reference` (a name, enough of it, or #ID).
    public func show(_ reference: String, profile: String?) async throws -> StoredFood {
        try await ensureFoodDatabase()
        let profileId = try? await app.store.selectProfile(named: profile).id
        return try await app.store.resolveFood(reference, profileId: profileId)
    }

    /// What nutrient amounts of a new food are for.
    public enum NutrientBasis: Sendable, Equatable {
        /// Per 100 g.
        case per100Grams
        /// Per serving of `servingGrams`.
        case perServing
    }

    /// A food the person describes.
    public struct CustomFood: Sendable, Equatable {
        /// Its name (1 to 200 characters).
        public var name: String
        /// What the amounts are for; nil when the person named neither basis (refused).
        public var basis: NutrientBasis?
        /// The weight of one serving, needed per serving.
        public var servingGrams: Double?
        /// Whether its water counts as fluid.
        public var isLiquid: Bool
        /// The amounts typed; a nutrient left out is unknown, not 0.
        public var amounts: [Nutrient: Double]

        /// A food described by its fields.
        public init(
            name: String,
            basis: NutrientBasis?,
            servingGrams: Double?,
            isLiquid: Bool,
            amounts: [Nutrient: Double]
        ) {
            self.name = name
            self.basis = basis
            self.servingGrams = servingGrams
            self.isLiquid = isLiquid
            self.amounts = amounts
        }
    }

    /// Validates and stores your own food (amounts converted to per 100 g); refuses with every problem named.
    public func addCustom(_ food: CustomFood) async throws -> StoredFood {
        var problems: [String] = []
        if food.name.allSatisfy(\.isWhitespace) || food.name.count > 200 {
            problems.append("the name must be 1 to 200 characters")
        }
        if let grams = food.servingGrams, !(grams.isFinite && grams > 0 && grams <= Portion.maximumGrams) {
            problems.append("--serving-grams \(grams) must be above 0 and at most \(Int(Portion.maximumGrams))")
        }
        switch food.basis {
        case .per100Grams: break
        case .perServing: if food.servingGrams == nil { problems.append("--per serving needs --serving-grams") }
        case nil: problems.append("--per must be 100g or serving")
        }
        let perServing = food.basis == .perServing
        var amounts = NutrientAmounts()
        for (nutrient, value) in food.amounts {
            guard value.isFinite, value >= 0 else {
                problems.append("--\(nutrient.rawValue) \(value) must be a number ≥ 0")
                continue
            }
            amounts[nutrient] = perServing ? value * 100 / (food.servingGrams ?? 100) : value
        }
        // Per 100 g no part may weigh more than the whole (energy aside): a typing-error guard.
        for nutrient in [Nutrient.protein, .fat, .carbohydrate, .sugars, .fiber, .water, .alcohol]
        where (amounts[nutrient] ?? 0) > 100 {
            problems.append("--\(nutrient.rawValue) would be more than 100 g per 100 g")
        }
        guard problems.isEmpty else { throw CareServiceError.foodNotStored(problems: problems) }
        try await ensureFoodDatabase()
        let facts = FoodFacts(
            name: food.name.trimmingCharacters(in: .whitespaces),
            per100Grams: amounts,
            measures: food.servingGrams.map { [HouseholdMeasure(amount: 1, description: "serving", grams: $0)] } ?? [],
            isLiquid: food.isLiquid
        )
        return try await app.store.addCustomFood(facts, atMs: app.now())
    }

    /// Sets whether the food's water counts as fluid (entries already logged keep what they counted); returns it.
    public func setCountsAsFluid(_ reference: String, _ counts: Bool) async throws -> StoredFood {
        try await ensureFoodDatabase()
        let found = try await app.store.resolveFood(reference, profileId: nil)
        try await app.store.setCountsAsFluid(foodId: found.id, counts, atMs: app.now())
        return found
    }

    /// A food marked (or unmarked) as a profile's favourite.
    public struct FavoriteChange: Sendable, Equatable {
        /// The food.
        public var food: StoredFood
        /// The profile whose favourite it is (or no longer is).
        public var profile: StoredProfile
    }

    /// Marks the food a favourite of the profile (ranked first in search), or removes the mark.
    public func setFavorite(_ reference: String, profile: String?, favorite: Bool) async throws -> FavoriteChange {
        try await ensureFoodDatabase()
        try await app.store.requireCurrentTerms()
        let stored = try await app.store.selectProfile(named: profile)
        let found = try await app.store.resolveFood(reference, profileId: stored.id)
        try await app.store.setFavorite(foodId: found.id, profileId: stored.id, favorite: favorite)
        return FavoriteChange(food: found, profile: stored)
    }

    /// Whether a portion fits what is left of today's budget, and why.
    public struct PortionCheck: Sendable, Encodable {
        /// The food checked.
        public var food: StoredFood
        /// The portion checked (the usual household measure when none was typed).
        public var portion: Portion
        /// The verdict, each limit's line and the interactions.
        public var check: FoodCheck
        /// Swaps from the same food group with less of the nutrient at issue.
        public var substitutions: [Substitution]
        /// What the catalog knows of each of the profile's medications.
        public var medications: [MedicationMatch]

        enum CodingKeys: String, CodingKey { case portion, check, substitutions, medications }
    }

    /// Checks `amount` `unit` of the food against the profile's limits today and its latest labs; every firing is
    /// recorded. Without a unit: `amount` (default 1) of the food's usual household measure, never 1 g.
    public func check(_ reference: String, amount: Double?, unit: String?, profile: String?) async throws
        -> PortionCheck
    {
        try await ensureFoodDatabase()
        let stored = try await app.store.selectProfile(named: profile)
        let found = try await app.store.resolveFood(reference, profileId: stored.id)
        let result: (check: FoodCheck, substitutions: [Substitution], portion: Portion)
        do {
            result = try await CareEngine.AdviceService(store: app.store).check(
                food: found,
                amount: amount,
                unit: unit,
                profile: stored,
                at: app.now()
            )
        } catch let error as PortionError {
            throw CareServiceError.portion(reason: error.description)
        } catch let error as ProfileFieldError {
            throw CareServiceError.timeZone(reason: error.reason)
        }
        return PortionCheck(
            food: found,
            portion: result.portion,
            check: result.check,
            substitutions: result.substitutions,
            medications: try await app.store.interactionMedications(for: stored).map {
                DrugCatalog.standard.match($0.name)
            }
        )
    }
}

extension HubApplication {
    /// The food database.
    public var foods: FoodsService { FoodsService(app: self) }
}
