import Clinical

/// The decision matrix (issue 10, item 6): per nutrient the limit, today's and the 7-day intake, the lab that matters
/// with its trend, the medications that matter, and the resulting advice.
public struct DecisionMatrix: Sendable, Equatable, Codable {
    /// One nutrient's row.
    public struct Row: Sendable, Equatable, Codable {
        /// The subject.
        public var subject: IntakeSubject
        /// The UCUM unit of the amounts.
        public var unit: String
        /// The limit, if one applies.
        public var limit: DailyLimit?
        /// Today's total (known parts).
        public var today: Double
        /// The 7-day total divided by 7.
        public var sevenDayDailyAverage: Double
        /// The latest value of the lab that matters, with its flag.
        public var lab: LabStanding?
        /// "rising", "falling" or "steady" from the last two values; nil with fewer than two.
        public var labTrend: String?
        /// The patient's medications that matter for this subject.
        public var medications: [String]
        /// The advice for this row.
        public var advice: [AdviceMessage]
    }

    /// The rows, in `IntakeSubject` order.
    public var rows: [Row]
    /// Lab, eGFR and weight-gain alerts standing now.
    public var alerts: [AdviceMessage]
    /// Every medication and how it matched (unknown ones say "no interaction data").
    public var medications: [MedicationMatch]

    /// Interaction rules whose advice concerns each subject (potassium-raising drugs, binders, sodium bicarbonate).
    public static let rulesBySubject: [IntakeSubject: [String]] = [
        .potassium: [
            "fdi-01-acei-arb-potassium", "fdi-02-spironolactone-potassium", "fdi-02b-eplerenone-potassium",
            "fdi-03b-finerenone-potassium", "fdi-04-trimethoprim-potassium",
        ],
        .phosphorus: ["fdi-05-binder-with-meals", "fdi-05b-binder-with-meals", "fdi-06-calcium-binder-calcium-load"],
        .sodium: ["fdi-19-bicarbonate-sodium"],
    ]

    /// Over the limit today.
    public static let overToday = AdviceRule(
        id: "matrix-over-today",
        version: 1,
        severity: .warning,
        message: "Over today's limit: choose foods low in it for the rest of the day.",
        source: BudgetRules.budgetSource
    )
    /// The 7-day average is over the limit.
    public static let overWeek = AdviceRule(
        id: "matrix-over-week",
        version: 1,
        severity: .caution,
        message: "Your 7-day average is over the limit.",
        source: BudgetRules.budgetSource
    )
    /// The lab is high and the nutrient is limited: keep to the budget.
    public static let labHighKeepLow = AdviceRule(
        id: "matrix-lab-high",
        version: 1,
        severity: .warning,
        message: "Your last lab is high: keep well within this limit and use the suggested swaps.",
        source: RuleSource(
            "KDOQI 2020: adjust dietary potassium and phosphorus to keep serum levels in the normal "
                + "range (andeal.org, KDOQI 2020 CKD recommendations)"
        )
    )
    /// A medication matters for this nutrient.
    public static let medicationMatters = AdviceRule(
        id: "matrix-medication",
        version: 1,
        severity: .info,
        message: "A medication you take matters for this nutrient:",
        source: RuleSource(
            "Food–drug rules from the drugs' labels (each rule's own source in `kidneyhub advice --json`)"
        )
    )
    /// Within the limit.
    public static let onTrack = AdviceRule(
        id: "matrix-on-track",
        version: 1,
        severity: .info,
        message: "Within your limit today.",
        source: BudgetRules.budgetSource
    )

    /// Every rule the matrix fires itself.
    public static let allRules = [overToday, overWeek, labHighKeepLow, medicationMatters, onTrack]

    /// The matrix for `state`.
    public init(_ state: PatientAdviceState) {
        medications = state.medications
        var alerts = AlertRules.labAlerts(state)
        if let egfr = AlertRules.egfrAlert(state) { alerts.append(egfr) }
        if let gain = AlertRules.gainAlert(state) { alerts.append(gain) }
        self.alerts = alerts
        rows = IntakeSubject.allCases.map { subject in
            let limit = state.limit(subject)
            let today = state.today.total(of: subject).value
            let week = state.lastSevenDays.total(of: subject).value / 7
            let labID = PatientAdviceState.labID(for: subject)
            let lab = labID.flatMap { state.latestStanding($0) }
            let series = labID.map { state.labSeries($0) } ?? []
            var trend: String?
            if series.count >= 2 {
                let last = series[series.count - 1].value, previous = series[series.count - 2].value
                trend = last > previous ? "rising" : last < previous ? "falling" : "steady"
            }
            let ruleIDs = Self.rulesBySubject[subject] ?? []
            let rules = InteractionRules.all.filter { ruleIDs.contains($0.id) }
            let meds = state.medications.filter { match in
                rules.contains { rule in match.drugs.contains { rule.drugNames.contains($0.generic) } }
            }.map(\.name)
            var advice: [AdviceMessage] = []
            let facts = [
                "subject": subject.rawValue, "today": AdviceNumber.text(today),
                "seven_day_average": AdviceNumber.text(week),
            ]
            if let maximum = limit?.maximum {
                var limitFacts = facts
                limitFacts["limit"] = AdviceNumber.text(maximum)
                if today > maximum {
                    advice.append(Self.overToday.fire(facts: limitFacts))
                } else {
                    advice.append(Self.onTrack.fire(facts: limitFacts))
                }
                if week > maximum { advice.append(Self.overWeek.fire(facts: limitFacts)) }
                if let lab, lab.flag == .high, subject == .potassium || subject == .phosphorus {
                    var labFacts = limitFacts
                    labFacts["lab_\(lab.value.analyteID)"] = lab.summary()
                    advice.append(Self.labHighKeepLow.fire(detail: "(\(lab.summary()))", facts: labFacts))
                }
            }
            if !meds.isEmpty {
                advice.append(
                    Self.medicationMatters.fire(
                        detail: meds.joined(separator: ", ") + ".",
                        facts: facts.merging(["medications": meds.joined(separator: ", ")]) { a, _ in a }
                    )
                )
            }
            return Row(
                subject: subject,
                unit: subject.unit,
                limit: limit,
                today: today,
                sevenDayDailyAverage: week,
                lab: lab,
                labTrend: trend,
                medications: meds,
                advice: advice
            )
        }
    }
}
