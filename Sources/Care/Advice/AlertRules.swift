import Clinical
import HubCore

/// Unsafe-intake, lab, eGFR and weight-gain alerts (issue 10, item 4). Each is a rule with a source; the Hub layer
/// turns each firing into a notification of type `alert` through the goals feed.
public enum AlertRules {
    // MARK: Intake

    /// The day's total of a limited subject crossed its maximum with this entry.
    public static let dayCrossedLimit = AdviceRule(
        id: "alert-day-over-limit",
        version: 1,
        severity: .warning,
        message: "Today's total is now over your limit:",
        source: BudgetRules.budgetSource
    )
    /// One meal alone took more than its DaVita per-meal share.
    public static let mealOverShare = AdviceRule(
        id: "alert-meal-over-share",
        version: 1,
        severity: .caution,
        message: "This meal alone is over its share of the day:",
        source: RuleSource(
            "DaVita per-meal split: potassium breakfast/lunch 600–800, dinner 700–1,000, snacks 100–400 mg; "
                + "phosphorus breakfast/lunch 200–300, dinner 300, snacks 50–100 mg; sodium 500–700 mg per meal "
                + "(DaVita, Kidney Diet and Nutrition, davita.com)"
        )
    )

    /// The upper end of DaVita's per-meal share (nutrition.md §2.2–§2.4 [R20]), in mg; nil where none is given.
    public static func mealShare(_ subject: IntakeSubject, meal: Meal) -> Double? {
        switch (subject, meal) {
        case (.potassium, .breakfast), (.potassium, .lunch): 800
        case (.potassium, .dinner): 1000
        case (.potassium, .snack): 400
        case (.phosphorus, .breakfast), (.phosphorus, .lunch), (.phosphorus, .dinner): 300
        case (.phosphorus, .snack): 100
        case (.sodium, .breakfast), (.sodium, .lunch), (.sodium, .dinner): 700
        default: nil
        }
    }

    /// Alerts after logging: a subject whose day total went from within to over its maximum, and a meal over its
    /// per-meal share of a limited subject.
    public static func intakeAlerts(
        before: DailyIntake,
        after: DailyIntake,
        meal: Meal?,
        mealTotal: DailyIntake?,
        limits: [DailyLimit]
    ) -> [AdviceMessage] {
        var alerts: [AdviceMessage] = []
        for limit in limits {
            guard let maximum = limit.maximum else { continue }
            let unit = NutrientUnitText.text(limit.unit)
            let was = before.total(of: limit.subject).value
            let now = after.total(of: limit.subject).value
            if was <= maximum && now > maximum {
                alerts.append(
                    dayCrossedLimit.fire(
                        detail: "\(limit.subject.rawValue) \(AdviceNumber.text(now)) \(unit) against "
                            + "\(AdviceNumber.text(maximum)) \(unit) (\(limit.basis)).",
                        facts: [
                            "subject": limit.subject.rawValue, "before": AdviceNumber.text(was),
                            "after": AdviceNumber.text(now), "limit": AdviceNumber.text(maximum), "unit": unit,
                        ]
                    )
                )
            }
            if let meal, let mealTotal, let share = mealShare(limit.subject, meal: meal) {
                let inMeal = mealTotal.total(of: limit.subject).value
                if inMeal > share {
                    alerts.append(
                        mealOverShare.fire(
                            detail: "\(meal.rawValue) \(limit.subject.rawValue) \(AdviceNumber.text(inMeal)) \(unit), "
                                + "share up to \(AdviceNumber.text(share)) \(unit).",
                            facts: [
                                "subject": limit.subject.rawValue, "meal": meal.rawValue,
                                "meal_total": AdviceNumber.text(inMeal), "share": AdviceNumber.text(share),
                                "unit": unit,
                            ]
                        )
                    )
                }
            }
        }
        return alerts
    }

    // MARK: Labs

    /// A lab alert: which lab, which direction, and the rule.
    public struct LabAlert: Sendable, Hashable {
        /// The lab catalog id.
        public let analyteID: String
        /// The flag that fires it.
        public let flag: LabStanding.Flag
        /// The rule.
        public let rule: AdviceRule
    }

    /// Out-of-range lab rules: hyperkalemia, hyperphosphatemia, low albumin, low bicarbonate (targets nutrition.md §2.8
    /// through the lab catalog).
    public static let labAlerts: [LabAlert] = [
        LabAlert(
            analyteID: "potassium",
            flag: .high,
            rule: AdviceRule(
                id: "alert-lab-potassium-high",
                version: 1,
                severity: .warning,
                message: "High potassium (hyperkalemia): keep to your potassium budget and talk to your care team.",
                source: RuleSource(
                    "Potassium 3.5–5.0 mmol/L; KDOQI 2020 keep within normal range "
                        + "(andeal.org); dialysis lab education sheet 3.5–5.1"
                )
            )
        ),
        LabAlert(
            analyteID: "phosphorus",
            flag: .high,
            rule: AdviceRule(
                id: "alert-lab-phosphorus-high",
                version: 1,
                severity: .warning,
                message: "High phosphorus (hyperphosphatemia): limit phosphorus, especially additives, and take "
                    + "binders with meals.",
                source: RuleSource(
                    "Phosphorus 3.5–5.5 mg/dL on dialysis, 2.7–4.6 CKD 3–4 (NKF KDOQI 2003"
                        + " bone-mineral targets); additives most absorbed, KDOQI 2020 nutrition guideline"
                )
            )
        ),
        LabAlert(
            analyteID: "albumin",
            flag: .low,
            rule: AdviceRule(
                id: "alert-lab-albumin-low",
                version: 1,
                severity: .warning,
                message: "Low albumin: you may not be eating enough protein or energy; ask your dietitian.",
                source: RuleSource(
                    "Albumin ≥ 4.0 g/dL on dialysis, lab normal 3.5–5.5 (dialysis lab "
                        + "education sheet; kidneychef.com, Making sense of your laboratory values)"
                )
            )
        ),
        LabAlert(
            analyteID: "bicarbonate",
            flag: .low,
            rule: AdviceRule(
                id: "alert-lab-bicarbonate-low",
                version: 1,
                severity: .warning,
                message: "Low bicarbonate (metabolic acidosis): tell your care team; treatment keeps it at 22 or more.",
                source: RuleSource(
                    "Bicarbonate ≥ 22 mmol/L (CKD metabolic acidosis, treat below 22); KDOQI 2020 24–26"
                )
            )
        ),
    ]

    /// Serum potassium at or above this is severe hyperkalaemia: UK Kidney Association, Clinical Practice Guideline
    /// "Treatment of Acute Hyperkalaemia in Adults" (2020): mild 5.5–5.9, moderate 6.0–6.4, severe ≥ 6.5 mmol/L. Not
    /// in the shared research notes; stated from that guideline and not re-checked here.
    public static let criticalPotassiumMillimolesPerLiter = 6.5

    /// A critical potassium: contact the care team now.
    public static let criticalPotassium = AdviceRule(
        id: "alert-lab-potassium-critical",
        version: 1,
        severity: .critical,
        message: "Your potassium is dangerously high. Contact your care team now (or emergency services if you feel "
            + "weak, numb or have palpitations).",
        source: RuleSource(
            "UK Kidney Association 2020 hyperkalaemia guideline: severe ≥ 6.5 mmol/L (not in the research notes; "
                + "not re-checked)",
            .unverified
        )
    )

    /// The alerts for the latest value of each alerting lab.
    public static func labAlerts(_ state: PatientAdviceState) -> [AdviceMessage] {
        var alerts: [AdviceMessage] = []
        for alert in labAlerts {
            guard let standing = state.latestStanding(alert.analyteID), standing.flag == alert.flag else { continue }
            let facts = [
                "lab_\(alert.analyteID)": standing.summary(), "lab_value": AdviceNumber.text(standing.value.value),
            ]
            if alert.analyteID == "potassium", standing.value.value >= criticalPotassiumMillimolesPerLiter {
                alerts.append(criticalPotassium.fire(detail: "Last potassium: \(standing.summary()).", facts: facts))
            } else {
                alerts.append(alert.rule.fire(detail: "Last \(alert.analyteID): \(standing.summary()).", facts: facts))
            }
        }
        return alerts
    }

    // MARK: eGFR and weight

    /// eGFR falling faster than KDIGO's rapid-progression threshold.
    public static let rapidEGFRDecline = AdviceRule(
        id: "alert-egfr-rapid-decline",
        version: 1,
        severity: .warning,
        message: "Your kidney function (eGFR) is falling fast: tell your care team.",
        source: RuleSource("KDIGO 2012 Rec 2.1.3: decline > 5 mL/min/1.73 m² a year (EGFRSlope)")
    )

    /// The rapid-decline alert from the patient's eGFR values, when the slope shows it.
    public static func egfrAlert(_ state: PatientAdviceState) -> AdviceMessage? {
        let points = state.labSeries("egfr").map {
            TrendPoint(epochMilliseconds: $0.takenAt.epochMilliseconds, value: $0.value)
        }
        let assessment = EGFRSlopeAssessment.assess(points)
        guard assessment.rapidProgression, let slope = assessment.perYear else { return nil }
        return rapidEGFRDecline.fire(
            detail: assessment.message + ".",
            facts: ["egfr_slope_per_year": AdviceNumber.text(slope), "egfr_values": String(assessment.readingCount)]
        )
    }

    /// Interdialytic gain: warn at ≥ 3 %, alert at ≥ 4 % of dry weight (nutrition.md §2.7 app rule), as the goals
    /// engine and `kidneyhub weight` judge it.
    public static let gainWarnPercent = InterdialyticGainThresholds.standard.warningPercent
    /// See `gainWarnPercent`.
    public static let gainAlertPercent = InterdialyticGainThresholds.standard.alertPercent
    /// Gain at or above the warning threshold.
    public static let gainAboveWarn = AdviceRule(
        id: "alert-idwg-above-3-percent",
        // Version 2: the message said "above 3 %" while the rule fires at 3 % or more.
        version: 2,
        severity: .caution,
        message: "Your weight gain between dialysis sessions is 3 % of your dry weight or more: watch fluids and salt.",
        source: RuleSource(
            "KidneyHub rule: warn at ≥ 3 %, alert at ≥ 4 % of dry weight (dialysis-unit teaching; "
                + "> 4.8 % linked to higher mortality)"
        )
    )
    /// Gain at or above the alert threshold.
    public static let gainAboveAlert = AdviceRule(
        id: "alert-idwg-above-4-percent",
        version: 1,
        severity: .warning,
        message: "Your weight gain between dialysis sessions is 4 % of your dry weight or more: limit fluids and salt "
            + "and tell your dialysis team.",
        source: RuleSource("KidneyHub rule: alert at ≥ 4 %; > 4.8 % is linked to higher mortality (IDWG studies)")
    )

    /// The gain alert for the latest gain, if any.
    public static func gainAlert(_ state: PatientAdviceState) -> AdviceMessage? {
        guard let percent = state.latestInterdialyticGainPercent else { return nil }
        let facts = ["idwg_percent_dry_weight": AdviceNumber.text(percent)]
        if percent >= gainAlertPercent {
            return gainAboveAlert.fire(detail: "Latest: \(AdviceNumber.text(percent)) %.", facts: facts)
        }
        if percent >= gainWarnPercent {
            return gainAboveWarn.fire(detail: "Latest: \(AdviceNumber.text(percent)) %.", facts: facts)
        }
        return nil
    }

    /// Every rule defined here (for the source test).
    public static var allRules: [AdviceRule] {
        [dayCrossedLimit, mealOverShare, criticalPotassium, rapidEGFRDecline, gainAboveWarn, gainAboveAlert]
            + labAlerts.map(\.rule)
    }
}
