import Care
import Clinical
import HubCore
import Testing

/// Patient states × foods → expected verdicts and messages (issue 10 acceptance, table-driven).
@Suite struct FoodVerdictTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var state: PatientAdviceState
        var food: AdviceFood
        var verdict: FoodVerdict
        /// Texts that must appear among the messages.
        var says: [String]
        /// Rule ids that must fire.
        var rules: [String] = []
        var testDescription: String { name }
    }

    static let almostSpent = PatientAdviceState(
        category: .hemodialysis,
        limits: States.limits(.hemodialysis),
        today: States.eaten(potassium: 2800),
        labs: [States.lab("potassium", 5.6, unit: "mmol/L", on: "2026-11-02")]
    )

    static let unknownPotassium = Foods.food(
        "Home-made fruit salad",
        group: nil,
        grams: 150,
        [.sodium: 5, .phosphorus: 20, .protein: 1]
    )

    static let cases: [Case] = [
        Case(
            // The latest potassium is high and a cup holds 496 mg (over 200 mg): does not fit (issue 17).
            name: "HD, 2,200 mg K eaten, K 5.6 high × 1 cup orange juice: 62 % of what is left",
            state: States.dialysisHighPotassium,
            food: Foods.orangeJuice,
            verdict: .doesNotFit,
            says: [
                "potassium 496 mg, 62 % of the 800 mg left today",
                "your last potassium was 5.6 mmol/L, high, on 2026-11-02",
                "Fits today's budget: fluid 219 mL, 21.9 % of the 1000 mL left today",
            ],
            rules: ["budget-large-share", "budget-fits"]
        ),
        Case(
            name: "HD, K 5.6 × banana: more than half of what is left, and potassium-rich with a high potassium",
            state: States.dialysisHighPotassium,
            food: Foods.banana,
            verdict: .doesNotFit,
            says: [
                "potassium 422 mg, 52.8 % of the 800 mg left today",
                "Your blood potassium is high; this portion is rich in potassium: 422 mg potassium",
            ],
            rules: ["budget-large-share", "lab-high-potassium-rich-food"]
        ),
        Case(
            name: "HD, K 5.6 × apple: fits",
            state: States.dialysisHighPotassium,
            food: Foods.apple,
            verdict: .fits,
            says: ["Fits today's budget: potassium 195 mg, 24.4 % of the 800 mg left today"],
            rules: ["budget-fits"]
        ),
        Case(
            name: "HD, 2,800 mg K eaten × orange juice: over",
            state: almostSpent,
            food: Foods.orangeJuice,
            verdict: .doesNotFit,
            says: ["Does not fit today's budget: potassium 496 mg, 248 % of the 200 mg left today"],
            rules: ["budget-over"]
        ),
        Case(
            name: "HD, K budget spent × apple: nothing left",
            state: States.dialysisPotassiumSpent,
            food: Foods.apple,
            verdict: .doesNotFit,
            says: ["Today's budget is already used up: potassium 195 mg, nothing left of today's potassium"],
            rules: ["budget-already-over"]
        ),
        Case(
            name: "HD morning × banana: fits",
            state: States.dialysisMorning,
            food: Foods.banana,
            verdict: .fits,
            says: ["potassium 422 mg, 15.6 % of the 2700 mg left today", "4.5 mmol/L, in range, on 2026-11-02"]
        ),
        Case(
            name: "CKD G2, no labs × orange juice: only sodium is limited",
            state: States.earlyCKD,
            food: Foods.orangeJuice,
            verdict: .fits,
            says: ["Fits today's budget: sodium 2 mg"]
        ),
        Case(
            name: "Transplant on Prograf × grapefruit: avoid",
            state: States.transplantTacrolimus,
            food: Foods.grapefruit,
            verdict: .avoid,
            says: ["Avoid grapefruit, pomelo and Seville orange with tacrolimus", "your medication: Prograf 1 mg"],
            rules: ["fdi-08-tacrolimus-grapefruit"]
        ),
        Case(
            name: "Transplant on Prograf × orange: fits",
            state: States.transplantTacrolimus,
            food: Foods.orange,
            verdict: .fits,
            says: []
        ),
        Case(
            name: "HD × star fruit: avoid",
            state: States.dialysisMorning,
            food: Foods.starFruit,
            verdict: .avoid,
            says: ["Never eat star fruit"],
            rules: ["fdi-20-star-fruit"]
        ),
        Case(
            name: "CKD G4 on lisinopril, K 5.4 × banana: fits the budget but interacts",
            state: States.ckdOnLisinopril,
            food: Foods.banana,
            verdict: .doesNotFit,
            says: ["ACE inhibitor or ARB", "your last potassium was 5.4 mmol/L, high, on 2026-11-10"],
            rules: ["fdi-01-acei-arb-potassium", "budget-fits"]
        ),
        Case(
            name: "CKD G4 on lisinopril × apple: fits",
            state: States.ckdOnLisinopril,
            food: Foods.apple,
            verdict: .fits,
            says: []
        ),
        Case(
            name: "HD × a food with unknown potassium: cannot tell",
            state: States.dialysisMorning,
            food: unknownPotassium,
            verdict: .fitsWithCaution,
            says: ["Cannot tell whether it fits: the food database has no value for potassium"],
            rules: ["budget-unknown"]
        ),
    ]

    @Test(arguments: cases) func verdictAndMessages(_ test: Case) {
        let check = FoodChecker.check(test.food, state: test.state)
        #expect(check.verdict == test.verdict)
        let texts = check.messages.map(\.text)
        for phrase in test.says {
            #expect(texts.contains { $0.contains(phrase) }, "missing '\(phrase)' in \(texts)")
        }
        for rule in test.rules {
            #expect(check.messages.contains { $0.ruleId == rule }, "\(rule) did not fire")
        }
        for message in check.messages {
            #expect(message.source.isPresent, "\(message.ruleId) has no source")
            #expect(message.ruleVersion >= 1)
            #expect(!message.facts.isEmpty, "\(message.ruleId) recorded no facts")
        }
    }

    @Test func aBudgetFiringRecordsTheNumbersThatMadeIt() throws {
        let check = FoodChecker.check(Foods.orangeJuice, state: States.dialysisHighPotassium)
        let potassium = try #require(check.budget.first { $0.subject == .potassium })
        #expect(potassium.portion == 496)
        #expect(potassium.remaining == 800)
        #expect(potassium.message.facts["percent_of_remaining"] == "62")
        #expect(potassium.message.facts["lab_potassium"] == "5.6 mmol/L, high, on 2026-11-02")
        #expect(check.subjectAtIssue == .potassium)
    }
}
