import Foundation

/// The food side of a rule: which foods make it fire.
public indirect enum FoodTrigger: Sendable, Hashable, Codable {
    /// The food's name holds one of these terms as whole words (a term's words in a row, each word of the name
    /// starting with the term's word, so "banana" matches "Bananas, raw"), and none of `excluding`.
    case named([String], excluding: [String])
    /// The portion has at least this much of a nutrient (in `Nutrient.unit`); unknown never fires.
    case nutrientAtLeast(Nutrient, Double)
    /// Any food at all (a with-meals reminder).
    case anyFood
    /// Any of these.
    case anyOf([FoodTrigger])

    /// A name trigger without exclusions.
    public static func named(_ terms: [String]) -> FoodTrigger { .named(terms, excluding: []) }

    /// What about `food` makes this fire, or nil when it does not.
    public func match(_ food: AdviceFood) -> String? {
        switch self {
        case .named(let terms, let excluding):
            let words = food.nameWords
            if excluding.contains(where: { Self.contains(words, term: $0) }) { return nil }
            return terms.first { Self.contains(words, term: $0) }.map { "name contains '\($0)'" }
        case .nutrientAtLeast(let nutrient, let threshold):
            guard let amount = food.nutrients[nutrient], amount >= threshold else { return nil }
            return
                "\(nutrient.rawValue) \(AdviceNumber.text(amount)) \(nutrient.unit) ≥ \(AdviceNumber.text(threshold))"
        case .anyFood:
            return "any food"
        case .anyOf(let triggers):
            return triggers.lazy.compactMap { $0.match(food) }.first
        }
    }

    static func contains(_ words: [String], term: String) -> Bool {
        let termWords = FoodWords.words(term)
        guard !termWords.isEmpty, words.count >= termWords.count else { return false }
        for start in 0...(words.count - termWords.count) {
            let matches = termWords.indices.allSatisfy { words[start + $0].hasPrefix(termWords[$0]) }
            if matches { return true }
        }
        return false
    }
}

/// Numbers as the advice writes them: whole numbers plain, else one decimal.
public enum AdviceNumber {
    /// `value` with at most one decimal.
    public static func text(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        // A stored value beyond any whole number (1e308, from a store older than the plausibility check) is written
        // as it is rather than trapping the conversion (issue 21, drill finding 1).
        guard rounded.isFinite, abs(rounded) < 1e15 else { return "\(value)" }
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }

    /// `value` rounded to a whole number, as text; a value beyond any whole number is written as it is.
    public static func whole(_ value: Double) -> String {
        let rounded = value.rounded()
        guard rounded.isFinite, abs(rounded) < 1e15 else { return "\(value)" }
        return String(Int(rounded))
    }
}
