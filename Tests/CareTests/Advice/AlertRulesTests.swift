import Care
import Clinical
import HubCore
import Testing

/// Intake, lab, eGFR and weight-gain alerts fire on their conditions and not otherwise.
@Suite struct AlertRulesTests {
    static let limits = States.limits(.hemodialysis)

    @Test func theDayCrossingALimitAlertsOnceWhenItCrosses() throws {
        let before = States.eaten(potassium: 2900)
        let after = States.eaten(potassium: 3300)
        let alerts = AlertRules.intakeAlerts(
            before: before,
            after: after,
            meal: nil,
            mealTotal: nil,
            limits: Self.limits
        )
        let alert = try #require(alerts.first { $0.ruleId == "alert-day-over-limit" })
        #expect(alert.facts["subject"] == "potassium")
        #expect(alert.text.contains("potassium 3300 mg against 3000 mg"))
        // Already over before: not again.
        let again = AlertRules.intakeAlerts(
            before: after,
            after: States.eaten(potassium: 3400),
            meal: nil,
            mealTotal: nil,
            limits: Self.limits
        )
        #expect(!again.contains { $0.ruleId == "alert-day-over-limit" })
        // Still under: none.
        let under = AlertRules.intakeAlerts(
            before: before,
            after: States.eaten(potassium: 2950),
            meal: nil,
            mealTotal: nil,
            limits: Self.limits
        )
        #expect(under.isEmpty)
    }

    @Test func aMealOverItsShareAlerts() throws {
        let meal = States.eaten(potassium: 900)
        let alerts = AlertRules.intakeAlerts(
            before: States.eaten(potassium: 100),
            after: States.eaten(potassium: 1000),
            meal: .breakfast,
            mealTotal: meal,
            limits: Self.limits
        )
        let alert = try #require(alerts.first { $0.ruleId == "alert-meal-over-share" })
        #expect(alert.facts["meal"] == "breakfast")
        #expect(alert.facts["share"] == "800")
        let dinner = AlertRules.intakeAlerts(
            before: States.eaten(potassium: 100),
            after: States.eaten(potassium: 1000),
            meal: .dinner,
            mealTotal: meal,
            limits: Self.limits
        )
        #expect(!dinner.contains { $0.ruleId == "alert-meal-over-share" && $0.facts["subject"] == "potassium" })
    }

    struct LabCase: Sendable, CustomTestStringConvertible {
        var lab: String
        var value: Double
        var unit: String
        var rule: String?
        var testDescription: String { "\(lab) \(value)" }
    }

    @Test(arguments: [
        LabCase(lab: "potassium", value: 5.6, unit: "mmol/L", rule: "alert-lab-potassium-high"),
        LabCase(lab: "potassium", value: 6.8, unit: "mmol/L", rule: "alert-lab-potassium-critical"),
        LabCase(lab: "potassium", value: 4.2, unit: "mmol/L", rule: nil),
        LabCase(lab: "phosphorus", value: 6.4, unit: "mg/dL", rule: "alert-lab-phosphorus-high"),
        LabCase(lab: "phosphorus", value: 4.8, unit: "mg/dL", rule: nil),
        LabCase(lab: "albumin", value: 3.4, unit: "g/dL", rule: "alert-lab-albumin-low"),
        LabCase(lab: "albumin", value: 4.1, unit: "g/dL", rule: nil),
        LabCase(lab: "bicarbonate", value: 19, unit: "mmol/L", rule: "alert-lab-bicarbonate-low"),
        LabCase(lab: "bicarbonate", value: 24, unit: "mmol/L", rule: nil),
    ])
    func labsOutOfTargetAlert(_ test: LabCase) {
        let state = PatientAdviceState(
            category: .hemodialysis,
            limits: Self.limits,
            labs: [States.lab(test.lab, test.value, unit: test.unit, on: "2026-11-02")]
        )
        let alerts = AlertRules.labAlerts(state)
        #expect(alerts.map(\.ruleId) == (test.rule.map { [$0] } ?? []))
        if test.rule == "alert-lab-potassium-critical" {
            #expect(alerts[0].severity == .critical)
            #expect(alerts[0].text.contains("Contact your care team now"))
        }
    }

    @Test func onlyTheLatestLabValueCounts() {
        let state = PatientAdviceState(
            category: .hemodialysis,
            limits: Self.limits,
            labs: [
                States.lab("potassium", 5.9, unit: "mmol/L", on: "2026-10-01"),
                States.lab("potassium", 4.4, unit: "mmol/L", on: "2026-11-01"),
            ]
        )
        #expect(AlertRules.labAlerts(state).isEmpty)
    }

    @Test func aRapidEGFRFallAlertsAndASlowOneDoesNot() throws {
        let fast = PatientAdviceState(
            category: .ckdG3b,
            limits: [],
            labs: [
                States.lab("egfr", 44, unit: "mL/min/{1.73_m2}", on: "2025-11-01"),
                States.lab("egfr", 36, unit: "mL/min/{1.73_m2}", on: "2026-11-01"),
            ]
        )
        let alert = try #require(AlertRules.egfrAlert(fast))
        #expect(alert.ruleId == "alert-egfr-rapid-decline")
        let slow = PatientAdviceState(
            category: .ckdG3b,
            limits: [],
            labs: [
                States.lab("egfr", 40, unit: "mL/min/{1.73_m2}", on: "2025-11-01"),
                States.lab("egfr", 38, unit: "mL/min/{1.73_m2}", on: "2026-11-01"),
            ]
        )
        #expect(AlertRules.egfrAlert(slow) == nil)
    }

    @Test(
        arguments: [(2.5, nil), (3.2, "alert-idwg-above-3-percent"), (4.3, "alert-idwg-above-4-percent")]
            as [(Double, String?)]
    )
    func interdialyticGainAboveTargetAlerts(percent: Double, rule: String?) {
        let state = PatientAdviceState(category: .hemodialysis, limits: [], latestInterdialyticGainPercent: percent)
        #expect(AlertRules.gainAlert(state)?.ruleId == rule)
    }
}
