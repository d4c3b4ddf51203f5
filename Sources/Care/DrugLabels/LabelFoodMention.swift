import Foundation

/// A sentence of a drug label that mentions food, drink or a nutrient, kept for review (nutrition.md §3.2 offline
/// plan, step 2): the curated rules stay the source of warnings; these are "label mentions …" notes.
public struct LabelFoodMention: Sendable, Equatable, Codable {
    /// The label's set id (stable across versions); empty when the record has none.
    public var setId: String
    /// The label version.
    public var version: String
    /// The effective date as written.
    public var effectiveTime: String
    /// The drug names of the label, joined.
    public var drugNames: String
    /// The openFDA field of the section.
    public var section: String
    /// The section's LOINC code.
    public var loinc: String
    /// The term found.
    public var term: String
    /// The sentence holding it.
    public var sentence: String

    /// A mention from its parts.
    public init(
        setId: String,
        version: String,
        effectiveTime: String,
        drugNames: String,
        section: String,
        loinc: String,
        term: String,
        sentence: String
    ) {
        self.setId = setId
        self.version = version
        self.effectiveTime = effectiveTime
        self.drugNames = drugNames
        self.section = section
        self.loinc = loinc
        self.term = term
        self.sentence = sentence
    }
}

/// Finds food-related sentences in label sections by keyword (nutrition.md §3.2: grapefruit, potassium, salt
/// substitute, with meals / with food, dairy / milk / calcium, antacid, iron, tyramine, alcohol, vitamin K, leafy).
public enum LabelFoodTextExtractor {
    /// The terms, as whole words or phrases (case-insensitive).
    public static let terms = [
        "grapefruit", "potassium", "salt substitute", "salt substitutes", "with meals", "with food", "with a meal",
        "dairy", "milk", "calcium", "antacid", "antacids", "iron", "tyramine", "alcohol", "vitamin k", "leafy", "food",
        "meal", "meals", "juice",
    ]

    /// The mentions in `label`, in section order, one per sentence (its first term).
    public static func mentions(in label: OpenFDALabel) -> [LabelFoodMention] {
        var found: [LabelFoodMention] = []
        for section in OpenFDALabel.foodSections {
            for text in label.sections[section.field] ?? [] {
                for sentence in sentences(text) {
                    let words = FoodWords.words(sentence)
                    guard let term = terms.first(where: { DrugCatalog.containsPhrase(words, $0) }) else { continue }
                    found.append(
                        LabelFoodMention(
                            setId: label.set_id ?? "",
                            version: label.version ?? "",
                            effectiveTime: label.effective_time ?? "",
                            drugNames: label.drugNames.joined(separator: "; "),
                            section: section.field,
                            loinc: section.loinc,
                            term: term,
                            sentence: sentence
                        )
                    )
                }
            }
        }
        return found
    }

    /// Splits section text into sentences at ". ", "? " and "! " (labels carry headings inside the text).
    static func sentences(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            current.append(character)
            let atEnd = index + 1 == characters.count || characters[index + 1] == " "
            if ".?!".contains(character), atEnd {
                result.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            }
        }
        let rest = current.trimmingCharacters(in: .whitespaces)
        if !rest.isEmpty { result.append(rest) }
        return result
    }
}
