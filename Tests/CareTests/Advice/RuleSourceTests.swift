import Care
import Clinical
import Foundation
import HubCore
import Testing

/// Every rule and every message carries its source; this test fails when one does not (issue 10 acceptance).
@Suite struct RuleSourceTests {
    static var everyRule: [AdviceRule] {
        InteractionRules.all.map(\.rule) + BudgetRules.all + AlertRules.allRules + DecisionMatrix.allRules
            + [SubstitutionFinder.rule, LabFoodRules.highPotassiumRichFood]
    }

    @Test func everyRuleHasAnIdAVersionAMessageAndASource() {
        #expect(Self.everyRule.count >= 40)
        #expect(Set(Self.everyRule.map(\.id)).count == Self.everyRule.count, "rule ids must be unique")
        for rule in Self.everyRule {
            #expect(!rule.id.isEmpty)
            #expect(rule.version >= 1, "\(rule.id)")
            #expect(!rule.message.trimmingCharacters(in: .whitespaces).isEmpty, "\(rule.id) has no message")
            #expect(rule.source.isPresent, "\(rule.id) has no source")
        }
    }

    @Test func aRuleWithoutASourceIsCaught() {
        let bare = AdviceRule(id: "x", version: 1, severity: .info, message: "m", source: RuleSource("  "))
        #expect(!bare.source.isPresent)
    }

    @Test func everyMessageOfTheMatrixAndAlertsCarriesItsSource() {
        let states = [
            States.dialysisHighPotassium, States.dialysisMorning, States.dialysisPotassiumSpent, States.earlyCKD,
            States.transplantTacrolimus, States.ckdOnLisinopril,
        ]
        for state in states {
            let matrix = DecisionMatrix(state)
            for message in matrix.rows.flatMap(\.advice) + matrix.alerts {
                #expect(message.source.isPresent, "\(message.ruleId)")
                #expect(Self.everyRule.contains { $0.id == message.ruleId }, "\(message.ruleId) is not a listed rule")
            }
        }
    }

    @Test func everyLimitTheChecksUseHasASource() {
        for category in DiseaseCategory.allCases {
            for limit in States.limits(category, potassium: 5.5, phosphorus: 5.0) {
                #expect(!limit.source.isEmpty, "\(category) \(limit.subject)")
            }
        }
    }
}
