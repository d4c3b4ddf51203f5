import Care
import Foundation
import Testing

@testable import HubWeb

/// The Spanish words of alerts and advice cover every rule and threshold there is, at the rule's current version, and
/// none of them is an English copy left untranslated.
@Suite struct SpanishAlertTextTests {
    /// Every advice rule a notification can come from: the alert rules and the food–drug interaction rules.
    private static var rules: [AdviceRule] { AlertRules.allRules + InteractionRules.all.map(\.rule) }

    /// How many times `%@` appears in `text`.
    private static func placeholders(_ text: String) -> Int { text.components(separatedBy: "%@").count - 1 }

    /// English words that only an untranslated copy would hold.
    private static let englishWords: Set<String> = [
        "the", "your", "with", "and", "you", "take", "call", "avoid", "keep", "if", "or", "is", "are", "now", "today",
        "tell", "team", "care", "food", "foods", "meal", "potassium", "phosphorus", "sodium", "blood", "glucose",
        "weight", "kidney", "dose", "logged", "limit", "high", "low", "again", "test", "emergency", "services",
    ]

    /// The whole words of `text` that look English, lowercased (brand and guideline names excepted).
    private static func englishWords(in text: String) -> [String] {
        let allowed = [
            "ADA Standards of Care 2024", "KDIGO 2017 CKD-MBD update", "Treatment of Acute Hyperkalaemia in Adults",
            "Hypokalemia: a clinical update", "High Blood Pressure Guideline", "Low Blood Pressure",
            "Kidney Blood Press Res", "Standards of Care in Diabetes 2024", "(Glycemic Goals and Hypoglycemia)",
            "DKA (Ketoacidosis) & Ketones", "UK Kidney Association", "Diabetes Care",
        ]
        var stripped = text
        for name in allowed { stripped = stripped.replacingOccurrences(of: name, with: " ") }
        return stripped.lowercased()
            .components(separatedBy: CharacterSet.letters.inverted)
            .filter { englishWords.contains($0) }
    }

    /// Every Spanish sentence of this catalogue, named for the failure message.
    private static var allSpanishTexts: [(name: String, text: String)] {
        var texts: [(name: String, text: String)] = []
        for (id, translated) in Spanish.adviceRules { texts.append(("rule \(id)", translated.message)) }
        for (id, analyte) in Spanish.thresholdAnalytes { texts.append(("analyte \(id)", analyte)) }
        for (id, action) in Spanish.thresholdActions { texts.append(("action \(id)", action)) }
        for (id, source) in Spanish.thresholdSources { texts.append(("source \(id)", source)) }
        for (english, review) in Spanish.thresholdReviews { texts.append(("review \(english)", review)) }
        texts.append(("unverifiedReview", Spanish.unverifiedReview))
        texts.append(("meterAboveRangeBody", Spanish.meterAboveRangeBody))
        texts.append(("meterBelowRangeBody", Spanish.meterBelowRangeBody))
        texts.append(("meterAboveRangeTitle", Spanish.meterAboveRangeTitle))
        texts.append(("meterBelowRangeTitle", Spanish.meterBelowRangeTitle))
        texts.append(("binderWithMealBody", Spanish.binderWithMealBody))
        return texts
    }

    @Test func everyRuleHasATranslationAtItsCurrentVersion() {
        let rules = Self.rules
        #expect(Set(rules.map(\.id)).count == rules.count, "rule ids are unique")
        for rule in rules {
            let translated = Spanish.adviceRules[rule.id]
            #expect(translated != nil, "no Spanish for \(rule.id)")
            #expect(translated?.version == rule.version, "Spanish for \(rule.id) translates another version")
        }
        let ids = Set(rules.map(\.id))
        for id in Spanish.adviceRules.keys {
            #expect(ids.contains(id), "Spanish for \(id), which no rule has")
        }
    }

    @Test func everyThresholdHasAnAnalyteAndAnAction() {
        let ids = Set(CriticalThresholds.standard.map(\.id))
        #expect(ids.count == CriticalThresholds.standard.count, "threshold ids are unique")
        let analytes = Set(Spanish.thresholdAnalytes.keys)
        let actions = Set(Spanish.thresholdActions.keys)
        #expect(analytes == ids, "analytes missing \(ids.subtracting(analytes)), extra \(analytes.subtracting(ids))")
        #expect(actions == ids, "actions missing \(ids.subtracting(actions)), extra \(actions.subtracting(ids))")
        let sources = Set(Spanish.thresholdSources.keys)
        #expect(sources == ids, "sources missing \(ids.subtracting(sources)), extra \(sources.subtracting(ids))")
        for threshold in CriticalThresholds.standard {
            #expect(Spanish.thresholdActions[threshold.id] != threshold.action, "\(threshold.id) action not translated")
            #expect(
                Spanish.thresholdAnalytes[threshold.id] != threshold.analyteName,
                "\(threshold.id) analyte not translated"
            )
        }
    }

    @Test func everyReviewStatusHasASpanishSentence() {
        for review in Set(CriticalThresholds.standard.map(\.review)) {
            #expect(Spanish.thresholdReviews[review] != nil, "no Spanish for the review \"\(review)\"")
        }
        #expect(Spanish.thresholdReviews[CriticalThreshold.notInNotes] != nil)
        #expect(Spanish.thresholdReviews[CriticalThreshold.quotedInNotes] != nil)
    }

    @Test func noSpanishTextIsAnEnglishCopy() {
        for (name, text) in Self.allSpanishTexts {
            #expect(!text.isEmpty, "\(name) is empty")
            #expect(Self.englishWords(in: text).isEmpty, "\(name) holds English: \(Self.englishWords(in: text))")
        }
        for rule in Self.rules {
            guard let spanish = Spanish.adviceRules[rule.id]?.message else { continue }
            #expect(spanish != rule.message, "\(rule.id) is the English message")
        }
    }

    @Test func placeholdersAreWhereTheCallersFillThem() {
        for (id, translated) in Spanish.adviceRules {
            #expect(Self.placeholders(translated.message) == 0, "\(id) holds a %@")
        }
        for (id, action) in Spanish.thresholdActions {
            #expect(Self.placeholders(action) == 0, "\(id) holds a %@")
        }
        #expect(Self.placeholders(Spanish.meterAboveRangeBody) == 2)
        #expect(Self.placeholders(Spanish.meterBelowRangeBody) == 2)
        #expect(Self.placeholders(Spanish.binderWithMealBody) == 1)
        #expect(Self.placeholders(Spanish.meterAboveRangeTitle) == 0)
        #expect(Self.placeholders(Spanish.meterBelowRangeTitle) == 0)
        // The time comes first, the bound second, as in the English body.
        #expect(Spanish.meterAboveRangeBody.contains("el %@:") && Spanish.meterAboveRangeBody.contains("más de %@"))
        #expect(Spanish.meterBelowRangeBody.contains("el %@:") && Spanish.meterBelowRangeBody.contains("menos de %@"))
        #expect(Spanish.binderWithMealBody.contains("las %@."))
    }

    @Test func aMessageADetailFollowsEndsWithAColonInBothLanguages() {
        for rule in Self.rules {
            guard let spanish = Spanish.adviceRules[rule.id]?.message else { continue }
            #expect(
                spanish.hasSuffix(":") == rule.message.hasSuffix(":"),
                "\(rule.id): the English and Spanish messages differ in ending with \":\""
            )
        }
    }
}
