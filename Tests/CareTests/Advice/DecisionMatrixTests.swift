import Care
import Clinical
import HubCore
import Testing

/// The decision matrix shows per nutrient the limit, today's and 7-day intake, the lab and its trend, the
/// medications that matter, and advice.
@Suite struct DecisionMatrixTests {
    @Test func aDialysisPatientWithHighPotassiumOnABinderAndAnACEInhibitor() throws {
        let week = DailyIntake(
            (0..<7).map { _ in
                IntakeContribution(
                    nutrients: NutrientAmounts([.potassium: 3500, .sodium: 2000, .phosphorus: 900, .protein: 70]),
                    fluidMilliliters: 900
                )
            }
        )
        let state = PatientAdviceState(
            category: .hemodialysis,
            limits: States.limits(.hemodialysis),
            today: States.eaten(potassium: 3200, sodium: 1500, phosphorus: 500, fluid: 400),
            lastSevenDays: week,
            labs: [
                States.lab("potassium", 5.2, unit: "mmol/L", on: "2026-10-01"),
                States.lab("potassium", 5.8, unit: "mmol/L", on: "2026-11-01"),
                States.lab("phosphorus", 5.0, unit: "mg/dL", on: "2026-11-01"),
            ],
            medications: [
                Medication(name: "Renvela 800 mg"), Medication(name: "lisinopril"), Medication(name: "Xyzzamab"),
            ]
        )
        let matrix = DecisionMatrix(state)
        #expect(matrix.rows.map(\.subject) == IntakeSubject.allCases)
        let potassium = try #require(matrix.rows.first { $0.subject == .potassium })
        #expect(potassium.limit?.maximum == 3000)
        #expect(potassium.today == 3200)
        #expect(potassium.sevenDayDailyAverage == 3500)
        #expect(potassium.lab?.flag == .high)
        #expect(potassium.labTrend == "rising")
        #expect(potassium.medications == ["lisinopril"])
        #expect(
            Set(potassium.advice.map(\.ruleId)) == [
                "matrix-over-today", "matrix-over-week", "matrix-lab-high", "matrix-medication",
            ]
        )
        let phosphorus = try #require(matrix.rows.first { $0.subject == .phosphorus })
        #expect(phosphorus.medications == ["Renvela 800 mg"])
        #expect(phosphorus.lab?.flag == .inRange)
        #expect(phosphorus.labTrend == nil)
        #expect(phosphorus.advice.map(\.ruleId).contains("matrix-on-track"))
        let fluid = try #require(matrix.rows.first { $0.subject == .fluid })
        #expect(fluid.today == 400)
        #expect(fluid.lab == nil)
        #expect(matrix.alerts.map(\.ruleId) == ["alert-lab-potassium-high"])
        #expect(matrix.medications.last?.hasNoInteractionData == true)
    }

    @Test func withoutLimitsThereIsNoLimitAdvice() {
        let matrix = DecisionMatrix(PatientAdviceState(category: nil, limits: []))
        #expect(matrix.rows.allSatisfy { $0.advice.isEmpty && $0.limit == nil })
        #expect(matrix.alerts.isEmpty)
    }
}

/// The report card compares a month with its targets and the month before, in plain language.
@Suite struct ReportCardTests {
    @Test func labsIntakeWeightGainAndPressureAgainstTargetsAndLastMonth() throws {
        let limits = States.limits(.hemodialysis)
        let previous = MonthFacts(
            month: "2026-10",
            lastLabs: ["potassium": States.lab("potassium", 5.9, unit: "mmol/L", on: "2026-10-20")],
            averageWeightKilograms: 71,
            averageGainPercent: 4.4,
            averageSystolic: 150,
            averageDiastolic: 92,
            averageDailyIntake: [.potassium: 3400, .sodium: 2100],
            daysLogged: 20
        )
        let current = MonthFacts(
            month: "2026-11",
            lastLabs: [
                "potassium": States.lab("potassium", 5.3, unit: "mmol/L", on: "2026-11-20"),
                "albumin": States.lab("albumin", 4.1, unit: "g/dL", on: "2026-11-20"),
            ],
            averageWeightKilograms: 70.5,
            averageGainPercent: 3.1,
            averageSystolic: 135,
            averageDiastolic: 85,
            averageDailyIntake: [.potassium: 2800, .sodium: 2500],
            daysLogged: 25
        )
        let card = ReportCard(
            current: current,
            previous: previous,
            category: .hemodialysis,
            hasDiabetes: false,
            limits: limits,
            recommendedFoods: ["Apples, raw"]
        )
        func line(_ topic: String) throws -> ReportCard.Line { try #require(card.lines.first { $0.topic == topic }) }
        let potassium = try line("potassium (blood)")
        #expect(potassium.status == "off target")
        #expect(potassium.change == "better")
        #expect(potassium.lastMonth == "5.9 mmol/L")
        #expect(potassium.explanation.contains("heart"))
        #expect(try line("albumin (blood)").status == "on target")
        #expect(try line("albumin (blood)").change == nil)
        let dietK = try line("potassium (diet, per day)")
        #expect(dietK.status == "on target")
        #expect(dietK.change == "better")
        let sodium = try line("sodium (diet, per day)")
        #expect(sodium.status == "off target")
        #expect(sodium.change == "worse")
        #expect(sodium.explanation.contains("more than your limit on the 25 days you logged"))
        #expect(try line("interdialytic weight gain (mean)").change == "better")
        #expect(try line("blood pressure (mean)").status == "on target")  // < 140/90 on dialysis
        #expect(try line("weight (mean)").change == "down")
        for line in card.lines { #expect(!line.source.isEmpty, "\(line.topic) has no source") }
        #expect(card.text.contains("Report card for 2026-11"))
        #expect(card.text.contains("Foods to try: Apples, raw"))
    }

    @Test func anEmptyMonthSaysSo() {
        let card = ReportCard(
            current: MonthFacts(month: "2026-11"),
            previous: nil,
            category: .ckdG3a,
            hasDiabetes: false,
            limits: [],
            recommendedFoods: []
        )
        #expect(card.lines.isEmpty)
        #expect(card.text.contains("No labs, readings or food entries this month."))
    }
}
