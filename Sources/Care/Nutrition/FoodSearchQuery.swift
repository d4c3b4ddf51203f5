import Foundation

/// A typed food search turned into SQLite FTS5 queries, one per ranking tier (docs/architecture.md, "Food search").
///
/// Words are folded as FTS5's `unicode61 remove_diacritics 2` tokenizer folds them (lower case, no diacritics,
/// split at anything that is not a letter or digit), so "Crème" and "creme" are one word. Every word may match
/// anywhere in the name (word order does not matter) and the last one, still being typed, as a prefix.
public struct FoodSearchQuery: Sendable, Equatable {
    /// The folded words typed, in order.
    public let words: [String]

    /// The query for `text`; nil when it holds no word.
    public init?(_ text: String) {
        let words = Self.fold(text)
        guard !words.isEmpty else { return nil }
        self.words = words
    }

    /// Lower case, diacritics removed, split into words of letters and digits.
    public static func fold(_ text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .lowercased()
            .split { !($0.isLetter || $0.isNumber) }
            .map(String.init)
    }

    /// The FTS5 queries in rank order: whole words with the first typed word leading the name; whole words
    /// anywhere; prefixes with the first word leading the name; prefixes anywhere.
    ///
    /// A whole word also matches its plural (+s, +es), since USDA names foods in the plural ("Bananas, raw"), and its
    /// singular ("eggs" finds "Egg, …").
    public var tiers: [String] {
        let rest = words.dropFirst()
        let first = words[0]
        func join(_ head: String, _ tail: [String]) -> String { ([head] + tail).joined(separator: " AND ") }
        let wholeRest = rest.map { Self.whole($0) }
        let prefixRest = rest.map { "\"\($0)\"*" }
        return [
            join("(" + Self.forms(first).map { "name : ^\"\($0)\"" }.joined(separator: " OR ") + ")", wholeRest),
            join(Self.whole(first), wholeRest),
            join("name : ^\"\(first)\"*", prefixRest),
            join("\"\(first)\"*", prefixRest),
        ]
    }

    /// The broadest query: every word as a prefix anywhere (the last tier).
    public var anyPrefix: String { tiers[3] }

    /// Whether a food whose folded words are `nameWords` matches (every typed word is a prefix of one of them):
    /// the same test as `anyPrefix`, for foods ranked outside FTS5 (the profile's own).
    public func matches(_ nameWords: [String]) -> Bool {
        words.allSatisfy { word in nameWords.contains { $0.hasPrefix(word) } }
    }

    /// The forms a typed word matches whole: itself, its plural (+s, +es) and its singular (-s, -es, keeping at least
    /// three letters), so "eggs" finds "Egg, whole, raw, fresh" and "potatoes" finds "Potato flour".
    public static func forms(_ word: String) -> [String] {
        var forms = [word, word + "s", word + "es"]
        if word.hasSuffix("es"), word.count >= 5 { forms.append(String(word.dropLast(2))) }
        if word.hasSuffix("s"), word.count >= 4 { forms.append(String(word.dropLast())) }
        return forms
    }

    static func whole(_ word: String) -> String {
        "(" + forms(word).map { "\"\($0)\"" }.joined(separator: " OR ") + ")"
    }
}
