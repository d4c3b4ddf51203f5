import Foundation

/// A food a typed name may mean, as the name rule sees it.
public struct FoodNameCandidate: Sendable, Equatable, Codable {
    /// The food's id in the store.
    public var id: Int64
    /// Its name.
    public var name: String
    /// Its USDA NDB number (nil for the person's own foods and recipes).
    public var ndb: String?
    /// How strongly it is the person's own: favourite, times logged (0 for a food never logged or marked).
    public var ownWeight: Int

    /// A candidate from its parts.
    public init(id: Int64, name: String, ndb: String?, ownWeight: Int = 0) {
        self.id = id
        self.name = name
        self.ndb = ndb
        self.ownWeight = ownWeight
    }
}

/// What a typed food name resolves to.
public enum FoodNameResolution: Sendable, Equatable {
    /// One food is the clear best match, and why.
    case food(FoodNameCandidate, FoodNameRule.Reason)
    /// Several foods match and none is clearly best: the person must choose (never a silent pick).
    case ask([FoodNameCandidate])
    /// Nothing matches every typed word.
    case none
}

/// Which food a typed name means (docs/architecture.md, "Food names"). A name resolves to one food only when it is
/// the clear best match; otherwise the person chooses from the candidates. In order:
///
/// 1. **The person's own foods and history**: among the foods they marked favourite or logged whose name holds every
///    typed word whole, the one with the most weight (a favourite, then times logged) when no other ties it.
/// 2. **Everyday words** (`EverydayFoodForms`): a short table of words a renal diet logs whose plain form is clear
///    (milk is fluid whole milk, coffee is brewed coffee).
/// 3. **Common-food forms** among the foods whose name leads with the first typed word and holds every typed word
///    (else holds every typed word anywhere): processed forms (dried, powdered, flour, crackers, canned, frozen …)
///    are dropped unless typed or nothing else is left; then the single food whose name is the typed words plus only
///    plain qualifiers (raw, fresh, fluid, cooked …) wins, the one marked raw, fresh or fluid first; else the single
///    food left.
///
/// Anything else asks.
public enum FoodNameRule {
    /// Why a food was chosen.
    public enum Reason: String, Sendable, Equatable, Codable {
        /// The person's favourite or most-logged food matching the name.
        case yourFood = "your food"
        /// The table of everyday words.
        case everydayWord = "everyday word"
        /// The only plain, fresh or as-usually-eaten form.
        case commonForm = "common form"
        /// The only food matching the name.
        case onlyMatch = "only match"
    }

    /// The most candidates shown when asking.
    public static let maximumChoices = 8

    /// Resolves `typed` given the person's own foods matching it (`own`, any order), the food the everyday-word table
    /// names for it (if the table has the word and the store has the food), and the database's foods matching it
    /// (`matches`: those whose name leads with the first typed word, else any holding every word, in search order).
    public static func resolve(
        _ typed: String,
        own: [FoodNameCandidate],
        everyday: FoodNameCandidate?,
        matches: [FoodNameCandidate]
    ) -> FoodNameResolution {
        let words = FoodSearchQuery.fold(typed)
        guard !words.isEmpty else { return .none }
        let typedForms = Set(words.flatMap(FoodSearchQuery.forms))
        // 1. Own foods and history: favourites and logged foods holding every typed word.
        let mine = own.filter { $0.ownWeight > 0 && holdsEveryWord(words, $0.name) }
            .sorted { ($0.ownWeight, $1.id) > ($1.ownWeight, $0.id) }
        if let top = mine.first {
            let tied = mine.filter { $0.ownWeight == top.ownWeight }
            return tied.count == 1 ? .food(top, .yourFood) : .ask(Array(tied.prefix(maximumChoices)))
        }
        // 2. Everyday words.
        if let everyday { return .food(everyday, .everydayWord) }
        // 3. Common-food forms among the database's matches (own foods never logged included, first).
        var seen = Set<Int64>()
        let candidates = (own.filter { holdsEveryWord(words, $0.name) } + matches).filter {
            seen.insert($0.id).inserted
        }
        guard !candidates.isEmpty else { return .none }
        let unprocessed = candidates.filter { !isProcessed($0.name, typedForms: typedForms) }
        let kept = unprocessed.isEmpty ? candidates : unprocessed
        let plain = kept.filter { isPlainForm($0.name, typedForms: typedForms) }
        let fresh = plain.filter { Set(FoodSearchQuery.fold($0.name)).isDisjoint(with: freshWords) == false }
        if fresh.count == 1 { return .food(fresh[0], .commonForm) }
        if fresh.isEmpty, plain.count == 1 { return .food(plain[0], .commonForm) }
        if kept.count == 1 { return .food(kept[0], .onlyMatch) }
        let ordered = plain + kept.filter { !plain.contains($0) }
        return .ask(Array(ordered.prefix(maximumChoices)))
    }

    /// Words marking a processed form of a food (dried, powdered, flour, crackers, canned, frozen and the like): the
    /// fresh, raw or usually-eaten form comes before them.
    public static let processedWords: Set<String> = [
        "dried", "dry", "dehydrated", "powder", "powdered", "flour", "flakes", "granules", "cracker", "crackers",
        "chips", "mix", "instant", "concentrate", "condensed", "evaporated", "canned", "frozen", "babyfood", "baby",
        "imitation", "substitute", "substitutes", "candied", "pickled", "unprepared", "freeze",
    ]

    /// Parts of a USDA name (between commas) that only say the food is in its plain form.
    public static let plainQualifiers: Set<String> = [
        "raw", "fresh", "fluid", "whole", "cooked", "boiled", "brewed", "prepared", "plain", "ripe", "drained",
        "with skin", "all commercial varieties", "all varieties",
    ]

    /// Words marking the fresh form, preferred among plain forms.
    public static let freshWords: Set<String> = ["raw", "fresh", "fluid"]

    /// Whether every typed word is a whole word of `name` (singular or plural).
    public static func holdsEveryWord(_ words: [String], _ name: String) -> Bool {
        let nameWords = Set(FoodSearchQuery.fold(name))
        return words.allSatisfy { !nameWords.isDisjoint(with: FoodSearchQuery.forms($0)) }
    }

    /// Whether the name holds a processed-form word the person did not type.
    static func isProcessed(_ name: String, typedForms: Set<String>) -> Bool {
        FoodSearchQuery.fold(name).contains { processedWords.contains($0) && !typedForms.contains($0) }
    }

    /// Whether the name is the typed words plus only plain qualifiers: its first part (before the first comma) holds
    /// typed words only, and every other part is typed words or a plain qualifier ("Bananas, raw" for "banana";
    /// "Oranges, raw, all commercial varieties" for "orange"; not "Orange juice, raw" for "orange").
    static func isPlainForm(_ name: String, typedForms: Set<String>) -> Bool {
        let parts = name.split(separator: ",").map { FoodSearchQuery.fold(String($0)) }.filter { !$0.isEmpty }
        guard let head = parts.first, head.allSatisfy(typedForms.contains) else { return false }
        return parts.dropFirst().allSatisfy {
            $0.allSatisfy(typedForms.contains) || plainQualifiers.contains($0.joined(separator: " "))
        }
    }
}
