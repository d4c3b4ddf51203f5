import Care
import Clinical
import Foundation
import HubCore
import Testing

/// Every interaction rule fires for its drug and food, and must not fire for a food outside its trigger or for a
/// patient not taking the drug (issue 10 acceptance: "every interaction rule has a test that fires it and one that
/// must not").
@Suite struct InteractionRuleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var rule: String
        var medications: [String]
        var fires: AdviceFood
        /// A food of the same kind outside the trigger; nil for with-any-meal rules (only the patient side applies).
        var doesNotFire: AdviceFood?
        /// Medications that must not fire it (a partner drug missing, or an unrelated drug).
        var notTaking: [String] = ["acetaminophen 500 mg"]
        var category: DiseaseCategory? = .ckdG3b
        var testDescription: String { rule }
    }

    static let cases: [Case] = [
        Case(
            rule: "fdi-01-acei-arb-potassium",
            medications: ["Lisinopril 10 mg"],
            fires: Foods.banana,
            doesNotFire: Foods.apple,
            notTaking: ["amlodipine"]
        ),
        Case(
            rule: "fdi-01-acei-arb-potassium",
            medications: ["Cozaar"],
            fires: Foods.saltSubstitute,
            doesNotFire: Foods.whiteRice
        ),
        Case(
            rule: "fdi-02-spironolactone-potassium",
            medications: ["spironolactone 25 mg"],
            fires: Foods.saltSubstitute,
            doesNotFire: Foods.apple
        ),
        Case(
            rule: "fdi-02b-eplerenone-potassium",
            medications: ["Inspra"],
            fires: Foods.banana,
            doesNotFire: Foods.apple
        ),
        Case(
            rule: "fdi-03-finerenone-grapefruit",
            medications: ["Kerendia 10 mg"],
            fires: Foods.grapefruitJuice,
            doesNotFire: Foods.orangeJuice
        ),
        Case(
            rule: "fdi-03b-finerenone-potassium",
            medications: ["finerenone"],
            fires: Foods.banana,
            doesNotFire: Foods.apple
        ),
        Case(
            rule: "fdi-04-trimethoprim-potassium",
            medications: ["Bactrim DS"],
            fires: Foods.banana,
            doesNotFire: Foods.apple
        ),
        Case(rule: "fdi-05-binder-with-meals", medications: ["Renvela 800 mg"], fires: Foods.apple),
        Case(rule: "fdi-05b-binder-with-meals", medications: ["Fosrenol 500 mg"], fires: Foods.whiteRice),
        Case(
            rule: "fdi-06-calcium-binder-calcium-load",
            medications: ["calcium acetate 667 mg"],
            fires: Foods.milk,
            doesNotFire: Foods.apple
        ),
        Case(
            rule: "fdi-07-binder-timing",
            medications: ["ciprofloxacin 500 mg", "sevelamer carbonate"],
            fires: Foods.apple,
            notTaking: ["ciprofloxacin 500 mg"]
        ),
        Case(
            rule: "fdi-08-tacrolimus-grapefruit",
            medications: ["Prograf 1 mg"],
            fires: Foods.grapefruit,
            doesNotFire: Foods.orange
        ),
        Case(
            rule: "fdi-08-tacrolimus-grapefruit",
            medications: ["tacrolimus"],
            fires: Foods.pummelo,
            doesNotFire: Foods.orangeJuice
        ),
        Case(
            rule: "fdi-09-cyclosporine-grapefruit",
            medications: ["Neoral 100 mg"],
            fires: Foods.grapefruitJuice,
            doesNotFire: Foods.orange
        ),
        Case(
            rule: "fdi-10-atorvastatin-grapefruit",
            medications: ["Lipitor 20 mg"],
            fires: Foods.grapefruitJuice,
            doesNotFire: Foods.grapefruit
        ),
        Case(
            rule: "fdi-10b-simvastatin-grapefruit",
            medications: ["simvastatin 20 mg"],
            fires: Foods.grapefruit,
            doesNotFire: Foods.orange
        ),
        Case(
            rule: "fdi-11-dhp-ccb-grapefruit",
            medications: ["nifedipine ER 30 mg"],
            fires: Foods.grapefruitJuice,
            doesNotFire: Foods.orangeJuice
        ),
        Case(
            rule: "fdi-12-warfarin-vitamin-k",
            medications: ["warfarin 5 mg"],
            fires: Foods.spinachCooked,
            doesNotFire: Foods.apple
        ),
        Case(
            rule: "fdi-13-levothyroxine-foods",
            medications: ["Synthroid 100 mcg"],
            fires: Foods.walnuts,
            doesNotFire: Foods.whiteRice
        ),
        Case(
            rule: "fdi-14-ciprofloxacin-dairy",
            medications: ["Cipro 500 mg"],
            fires: Foods.milk,
            doesNotFire: Foods.apple
        ),
        Case(
            rule: "fdi-14b-tetracycline-quinolone-dairy",
            medications: ["doxycycline 100 mg"],
            fires: Foods.cheddar,
            doesNotFire: Foods.coconutMilk
        ),
        Case(
            rule: "fdi-15-maoi-tyramine",
            medications: ["Nardil"],
            fires: Foods.cheddar,
            doesNotFire: Foods.cottageCheese
        ),
        Case(
            rule: "fdi-16-metformin-alcohol",
            medications: ["metformin 500 mg"],
            fires: Foods.beer,
            doesNotFire: Foods.water
        ),
        Case(
            rule: "fdi-17-iron-tea-coffee-calcium",
            medications: ["ferrous sulfate 325 mg"],
            fires: Foods.coffee,
            doesNotFire: Foods.apple
        ),
        Case(rule: "fdi-18-cinacalcet-with-food", medications: ["Sensipar 30 mg"], fires: Foods.apple),
        Case(
            rule: "fdi-19-bicarbonate-sodium",
            medications: ["sodium bicarbonate 650 mg"],
            fires: Foods.chickenNoodleSoup,
            doesNotFire: Foods.apple
        ),
        Case(
            rule: "fdi-20-star-fruit",
            medications: [],
            fires: Foods.starFruit,
            doesNotFire: Foods.orange,
            notTaking: []
        ),
    ]

    static func fired(_ rule: String, medications: [String], food: AdviceFood, category: DiseaseCategory?) -> Bool {
        let matches = medications.map { DrugCatalog.standard.match($0) }
        return InteractionRules.evaluate(food: food, medications: matches, hasKidneyDisease: category != nil)
            .contains { $0.ruleId == rule }
    }

    @Test func thereAreAtLeastTwentyRulesAndEachHasACase() {
        #expect(InteractionRules.all.count >= 20)
        #expect(Set(InteractionRules.all.map(\.id)).count == InteractionRules.all.count)
        for rule in InteractionRules.all {
            #expect(Self.cases.contains { $0.rule == rule.id }, "no test case for \(rule.id)")
        }
    }

    @Test(arguments: cases) func fires(_ test: Case) {
        #expect(Self.fired(test.rule, medications: test.medications, food: test.fires, category: test.category))
    }

    @Test(arguments: cases) func mustNotFire(_ test: Case) {
        if let food = test.doesNotFire {
            #expect(!Self.fired(test.rule, medications: test.medications, food: food, category: test.category))
        }
        if test.rule == "fdi-20-star-fruit" {
            // A food–disease rule: a patient with no kidney disease category is the one it must not fire for.
            #expect(!Self.fired(test.rule, medications: [], food: test.fires, category: nil))
        } else {
            #expect(!Self.fired(test.rule, medications: test.notTaking, food: test.fires, category: test.category))
        }
    }

    @Test func everyRuleNamesOnlyDrugsTheCatalogKnows() {
        for rule in InteractionRules.all {
            for name in rule.drugNames {
                #expect(DrugCatalog.standard.drug(generic: name) != nil, "\(rule.id) names unknown drug \(name)")
            }
        }
    }

    @Test func aFiringRecordsTheRuleVersionAndTheFactsThatTriggeredIt() throws {
        let matches = [DrugCatalog.standard.match("Prograf 1 mg")]
        let message = try #require(
            InteractionRules.evaluate(food: Foods.grapefruit, medications: matches, hasKidneyDisease: true).first
        )
        #expect(message.ruleId == "fdi-08-tacrolimus-grapefruit")
        #expect(message.ruleVersion == 1)
        #expect(message.severity == .critical)
        #expect(message.facts["medication"] == "Prograf 1 mg")
        #expect(message.facts["food_trigger"] == "name contains 'grapefruit'")
        // Not re-checked against the label: shown as unverified.
        #expect(message.text.hasPrefix(RuleSource.unverifiedPrefix))
    }

    /// The one rule marked checked against label text: the shipped Lipitor SPL's Drug Interactions section
    /// (LOINC 34073-7) holds the statement the rule makes.
    @Test func theRuleMarkedCheckedAgainstLabelMatchesTheLabelText() throws {
        let checked = InteractionRules.all.filter { $0.rule.source.verification == .checkedAgainstLabel }
        #expect(checked.map(\.id) == ["fdi-10-atorvastatin-grapefruit"])
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/openfda/lipitor-orig.spl.xml")
        let text = try String(contentsOf: url, encoding: .utf8)
        let section = try #require(SPLSection.text(of: "34073-7", in: text))
        let flattened = section.replacingOccurrences(of: "&gt;", with: ">").split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        #expect(flattened.contains("grapefruit juice consumption (>1.2 liters per day)"))
        #expect(checked[0].rule.message.contains("1.2 liters"))
        #expect(!checked[0].rule.fire(facts: [:]).text.hasPrefix(RuleSource.unverifiedPrefix))
    }

    @Test func unverifiedRulesAreShownAsUnverifiedAndOthersAreNot() {
        for rule in InteractionRules.all {
            let text = rule.rule.fire(facts: [:]).text
            #expect(text.hasPrefix(RuleSource.unverifiedPrefix) == (rule.rule.source.verification == .unverified))
            if rule.rule.source.citation.contains("not re-checked") {
                #expect(rule.rule.source.verification == .unverified, "\(rule.id) cites an unchecked label")
            }
        }
    }
}

/// The text of an SPL section by its LOINC code: from the `<code code="…">` of the section to the end of that
/// `<section>` element (nested sections included), tags removed.
enum SPLSection {
    static func text(of loinc: String, in xml: String) -> String? {
        guard let code = xml.range(of: "code=\"\(loinc)\"") else { return nil }
        guard let open = xml.range(of: "<section", options: .backwards, range: xml.startIndex..<code.lowerBound)
        else { return nil }
        var depth = 0
        var index = open.lowerBound
        var end = xml.endIndex
        while let next = xml.range(of: "<(/?)section[ >]", options: .regularExpression, range: index..<xml.endIndex) {
            depth += xml[next].hasPrefix("</") ? -1 : 1
            index = next.upperBound
            if depth == 0 {
                end = next.upperBound
                break
            }
        }
        return xml[open.lowerBound..<end].replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression)
    }
}
