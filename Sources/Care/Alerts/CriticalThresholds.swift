import Clinical
import HubCore

/// The values that raise an alert the moment they are stored, by any path (a command, a device, an import). Each row
/// cites its source beside its limit; the most severe row a value breaches speaks for it.
public enum CriticalThresholds {
    private static let ukkaHyperkalaemia =
        "UK Kidney Association, Clinical Practice Guideline: Treatment of Acute Hyperkalaemia in Adults (2020)"
    private static let adaHypoglycemia =
        "ADA Standards of Care in Diabetes 2024, section 6 (Glycemic Goals and Hypoglycemia)"
    private static let ahaCrisis =
        "ACC/AHA 2017 High Blood Pressure Guideline, section 11.2 (hypertensive crisis > 180 and/or > 120 mmHg)"

    private static let potassiumHighAction =
        "Call your dialysis unit or care team today; they may repeat the test. Eat no high-potassium food "
        + "until you have spoken to them."
    private static let potassiumEmergencyAction =
        "Contact your dialysis unit or care team now. Call emergency services if you feel weak, numb, "
        + "short of breath or your heart beats irregularly."

    /// Every row, most severe first within each subject.
    public static let standard: [CriticalThreshold] =
        glucose(.lab("glucose"), "glucose-lab") + glucose(.reading(.bloodGlucose, component: nil), "glucose-reading")
        + [
            // Severe hyperkalaemia ≥ 6.5 mmol/L: UK Kidney Association 2020 (mild 5.5–5.9, moderate 6.0–6.4, severe ≥ 6.5).
            CriticalThreshold(
                id: "potassium-severe-high",
                subject: .lab("potassium"),
                analyteName: "Potassium",
                direction: .atOrAbove,
                limit: 6.5,
                unit: "mmol/L",
                severity: .emergency,
                source: ukkaHyperkalaemia + ": severe at 6.5 mmol/L or more",
                action: potassiumEmergencyAction
            ),
            // Moderate hyperkalaemia 6.0–6.4 mmol/L: UK Kidney Association 2020.
            CriticalThreshold(
                id: "potassium-moderate-high",
                subject: .lab("potassium"),
                analyteName: "Potassium",
                direction: .atOrAbove,
                limit: 6.0,
                unit: "mmol/L",
                severity: .urgent,
                source: ukkaHyperkalaemia + ": moderate at 6.0–6.4 mmol/L",
                action: potassiumHighAction
            ),
            // Severe hypokalaemia < 2.5 mmol/L, moderate 2.5–3.0: Kardalas E et al., Hypokalemia: a clinical update,
            // Endocrine Connections 2018;7(4):R135–R146.
            CriticalThreshold(
                id: "potassium-severe-low",
                subject: .lab("potassium"),
                analyteName: "Potassium",
                direction: .below,
                limit: 2.5,
                unit: "mmol/L",
                severity: .emergency,
                source: "Kardalas et al., Hypokalemia: a clinical update, Endocrine Connections 2018: severe below 2.5",
                action: "Contact your care team now. Call emergency services if you have muscle weakness, cramps "
                    + "or palpitations."
            ),
            CriticalThreshold(
                id: "potassium-moderate-low",
                subject: .lab("potassium"),
                analyteName: "Potassium",
                direction: .below,
                limit: 3.0,
                unit: "mmol/L",
                severity: .urgent,
                source: "Kardalas et al., Hypokalemia: a clinical update, Endocrine Connections 2018: moderate 2.5–3.0",
                action: "Call your dialysis unit or care team today; your dialysate or medicines may need a change."
            ),
            // Level 2 hypoglycaemia < 54 mg/dL (3.0 mmol/L), level 1 < 70 mg/dL (3.9 mmol/L): ADA Standards of Care 2024 §6.
            // Hypertensive crisis: systolic > 180 and/or diastolic > 120 mmHg, ACC/AHA 2017 guideline §11.2; the AHA's
            // patient page "Understanding Blood Pressure Readings" says to wait five minutes, test again, then act.
            CriticalThreshold(
                id: "bp-systolic-crisis",
                subject: .reading(.bloodPressure, component: "systolic"),
                analyteName: "Systolic blood pressure",
                direction: .atOrAbove,
                limit: 180,
                unit: "mm[Hg]",
                severity: .urgent,
                source: ahaCrisis,
                action: bloodPressureCrisisAction
            ),
            CriticalThreshold(
                id: "bp-diastolic-crisis",
                subject: .reading(.bloodPressure, component: "diastolic"),
                analyteName: "Diastolic blood pressure",
                direction: .atOrAbove,
                limit: 120,
                unit: "mm[Hg]",
                severity: .urgent,
                source: ahaCrisis,
                action: bloodPressureCrisisAction
            ),
            // Low blood pressure: systolic below 90 mmHg (AHA, "Low Blood Pressure – When Blood Pressure Is Too Low",
            // 90/60); a nadir below 90 mmHg during dialysis goes with higher mortality (Flythe JE et al., J Am Soc Nephrol
            // 2015;26(3):724–734).
            CriticalThreshold(
                id: "bp-systolic-low",
                subject: .reading(.bloodPressure, component: "systolic"),
                analyteName: "Systolic blood pressure",
                direction: .below,
                limit: 90,
                unit: "mm[Hg]",
                severity: .urgent,
                source: "AHA, Low Blood Pressure (below 90/60 mmHg); Flythe et al., J Am Soc Nephrol 2015 "
                    + "(dialysis nadir below 90 mmHg)",
                action:
                    "Sit or lie down and measure again. If it stays low, or you feel dizzy, faint or confused, call "
                    + "your dialysis unit now; at dialysis, tell the nurse at once."
            ),
            // Interdialytic weight gain: alert at ≥ 4 % of dry weight (dialysis-unit teaching keeps it below 4 %; higher
            // gains go with higher pre-dialysis blood pressure and mortality: Ipema KJR et al., Causes and consequences
            // of interdialytic weight gain, Kidney Blood Press Res 2016;41:710–720).
            CriticalThreshold(
                id: "idwg-high",
                subject: .interdialyticGain,
                analyteName: "Weight gain between dialysis sessions",
                direction: .atOrAbove,
                limit: InterdialyticGainThresholds.standard.alertPercent,
                unit: "%",
                severity: .urgent,
                source: "Dialysis-unit teaching: below 4 % of dry weight; higher gains go with higher blood pressure "
                    + "and mortality (Ipema et al., Kidney Blood Press Res 2016)",
                review: CriticalThreshold.quotedInNotes,
                action: "Limit fluids and salt until your next session and tell your dialysis team; they may need "
                    + "to remove more fluid or add time."
            ),
        ]

    private static let bloodPressureCrisisAction =
        "Rest five minutes and measure again. If it is still this high, call your care team now. Call emergency "
        + "services if you have chest pain, shortness of breath, back pain, numbness, weakness, a change in vision "
        + "or difficulty speaking (AHA)."

    /// The glucose rows for one subject (a lab result or a meter reading), in mg/dL.
    private static func glucose(_ subject: CriticalThreshold.Subject, _ prefix: String) -> [CriticalThreshold] {
        let name = "Blood glucose"
        return [
            CriticalThreshold(
                id: "\(prefix)-level2-low",
                subject: subject,
                analyteName: name,
                direction: .below,
                limit: 54,  // ADA 2024 §6: level 2 hypoglycemia < 54 mg/dL (3.0 mmol/L)
                unit: "mg/dL",
                severity: .emergency,
                source: adaHypoglycemia + ": level 2 below 54 mg/dL",
                action: "Take 15–20 g of fast-acting sugar now (glucose tablets, or juice within your fluid "
                    + "allowance), test again in 15 minutes and repeat if still low. If you cannot swallow safely or "
                    + "become confused, someone must call emergency services."
            ),
            CriticalThreshold(
                id: "\(prefix)-level1-low",
                subject: subject,
                analyteName: name,
                direction: .below,
                limit: 70,  // ADA 2024 §6: level 1 hypoglycemia < 70 mg/dL (3.9 mmol/L)
                unit: "mg/dL",
                severity: .urgent,
                source: adaHypoglycemia + ": level 1 below 70 mg/dL",
                action: "Take 15 g of fast-acting sugar (glucose tablets), test again in 15 minutes and repeat if "
                    + "still below 70; eat your next meal or a snack once it is back up."
            ),
            CriticalThreshold(
                id: "\(prefix)-crisis-high",
                subject: subject,
                analyteName: name,
                direction: .atOrAbove,
                // Hyperosmolar hyperglycemic state starts at 600 mg/dL: Umpierrez GE et al., Hyperglycemic crises in
                // adults with diabetes: a consensus report, Diabetes Care 2024;47(8):1257–1275.
                limit: 600,
                unit: "mg/dL",
                severity: .emergency,
                source: "ADA/EASD consensus report on hyperglycemic crises, Diabetes Care 2024: 600 mg/dL or more",
                action: "Call your care team now, or emergency services if you are drowsy, confused or vomiting."
            ),
            CriticalThreshold(
                id: "\(prefix)-high",
                subject: subject,
                analyteName: name,
                direction: .atOrAbove,
                // The ADA tells people with diabetes to check for ketones above 240 mg/dL (diabetes.org, "DKA
                // (Ketoacidosis) & Ketones").
                limit: 240,
                unit: "mg/dL",
                severity: .urgent,
                source: "American Diabetes Association, DKA (Ketoacidosis) & Ketones (diabetes.org): check ketones "
                    + "above 240 mg/dL",
                action: "Test again. If it stays above 240 mg/dL, check ketones if your care team told you how, "
                    + "and call your care team today."
            ),
        ]
    }

    /// The most severe row `value` (in the subject's canonical unit) breaches; nil when none.
    public static func breached(
        _ subject: CriticalThreshold.Subject,
        value: Double,
        in table: [CriticalThreshold] = standard
    ) -> CriticalThreshold? {
        table.filter { $0.subject == subject && $0.isBreached(by: value) }
            .max { lhs, rhs in
                lhs.severity != rhs.severity
                    ? lhs.severity < rhs.severity
                        // Same severity: the row whose limit is furthest beyond, i.e. the stricter one.
                    : (lhs.direction == .atOrAbove ? lhs.limit < rhs.limit : lhs.limit > rhs.limit)
            }
    }
}
