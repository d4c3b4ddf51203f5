import Clinical
import Foundation
import HubCore

/// KidneyHub's default daily limits by disease category, weight and labs (nutrition.md §2.11), with care-team
/// overrides replacing a default subject by subject.
///
/// Every number is a default a clinician must be able to override (nutrition.md, header); each carries its source.
public enum DailyLimits {
    /// Sodium < 2,300 mg/day for CKD 3–5, 5D and transplant: KDOQI 2020 (nutrition.md §2.2 [R8]).
    public static let sodiumMaximumMilligrams = 2300.0
    /// Low-potassium kidney diet 2,000–3,000 mg/day: DaVita patient education (nutrition.md §2.3 [R20]).
    public static let potassiumRangeMilligrams = 2000.0...3000.0
    /// Phosphorus 800–1,000 mg/day: DaVita patient education (nutrition.md §2.4, §2.11 [R20][R20b]).
    public static let phosphorusRangeMilligrams = 800.0...1000.0
    /// The potassium budget starts when serum K > 5.0 mmol/L (nutrition.md §2.3 app rule; [R-Kerendia] threshold).
    public static let potassiumLabThresholdMillimolesPerLiter = 5.0
    /// The phosphorus budget starts above the CKD 3–4 serum range 2.7–4.6 mg/dL (NKF 2003, nutrition.md §2.8 [R22b]).
    public static let phosphorusLabThresholdMilligramsPerDeciliter = 4.6
    /// Hemodialysis fluid: 24-hour urine output + 1,000 mL (anuric: 1,000 mL): DaVita (nutrition.md §2.6 [R17]).
    public static let hemodialysisFluidAllowanceMilliliters = 1000.0

    /// The limits for `inputs`, with `overrides` replacing the default of their subject.
    public static func limits(for inputs: LimitInputs, overrides: [CareTeamLimit] = []) -> [DailyLimit] {
        var limits = defaults(for: inputs)
        for override in overrides {
            limits.removeAll { $0.subject == override.subject }
            limits.append(
                DailyLimit(
                    subject: override.subject,
                    minimum: override.minimum,
                    maximum: override.maximum,
                    basis: "set by the care team",
                    source: "care team: \(override.note)",
                    setByCareTeam: true
                )
            )
        }
        return IntakeSubject.allCases.compactMap { subject in limits.first { $0.subject == subject } }
    }

    /// KidneyHub's defaults only.
    public static func defaults(for inputs: LimitInputs) -> [DailyLimit] {
        var limits: [DailyLimit] = [
            DailyLimit(
                subject: .sodium,
                maximum: sodiumMaximumMilligrams,
                basis: "< 2,300 mg/day",
                source: "KDOQI 2020 nutrition guideline (Am J Kidney Dis 2020;76(3 Suppl 1)): sodium < 2.3 g/day"
            )
        ]
        guard let category = inputs.category else { return limits }
        if let protein = protein(category: category, diabetic: inputs.hasDiabetes, weight: inputs.weightKilograms) {
            limits.append(protein)
        }
        if let potassium = potassium(category: category, serum: inputs.latestPotassiumMillimolesPerLiter) {
            limits.append(potassium)
        }
        if let phosphorus = phosphorus(category: category, serum: inputs.latestPhosphorusMilligramsPerDeciliter) {
            limits.append(phosphorus)
        }
        if let fluid = fluid(inputs, category: category) { limits.append(fluid) }
        return limits
    }

    /// Protein in g/day from g/kg/day × weight (nutrition.md §2.1, §2.11).
    static func protein(category: DiseaseCategory, diabetic: Bool, weight: Double?) -> DailyLimit? {
        let range: (low: Double?, high: Double, source: String)
        switch category {
        case .ckdG1, .ckdG2:
            range = (nil, 0.8, "KDIGO 2024 CKD guideline: 0.8 g/kg/day, avoid > 1.3 g/kg/day")
        case .ckdG3a, .ckdG3b, .ckdG4, .ckdG5:
            range =
                diabetic
                ? (0.6, 0.8, "KDOQI 2020 nutrition guideline, CKD 3–5 with diabetes: 0.6–0.8 g/kg/day")
                : (
                    0.55, 0.60,
                    "KDOQI 2020 nutrition guideline, CKD 3–5 without diabetes: 0.55–0.60 g/kg/day; "
                        + "KDIGO 2024 says 0.8"
                )
        case .hemodialysis, .peritonealDialysis:
            range = (1.0, 1.2, "KDOQI 2020 nutrition guideline, maintenance dialysis: 1.0–1.2 g/kg/day (dry weight)")
        case .kidneyTransplant:
            return nil
        }
        guard let weight else { return nil }
        let perKilogram = range.low.map { "\(format($0))–\(format(range.high))" } ?? "≤ \(format(range.high))"
        return DailyLimit(
            subject: .protein,
            minimum: range.low.map { $0 * weight },
            maximum: range.high * weight,
            basis: "\(perKilogram) g/kg × \(format(weight)) kg",
            source: range.source
        )
    }

    static func potassium(category: DiseaseCategory, serum: Double?) -> DailyLimit? {
        let source = "DaVita, Kidney Diet and Nutrition: 2,000–3,000 mg/day; KDOQI 2020: keep serum potassium normal"
        switch category {
        case .hemodialysis:
            return DailyLimit(
                subject: .potassium,
                maximum: potassiumRangeMilligrams.upperBound,
                basis: "2,000–3,000 mg/day on hemodialysis",
                source: source
            )
        case .peritonealDialysis, .kidneyTransplant:
            return nil
        case .ckdG1, .ckdG2, .ckdG3a, .ckdG3b, .ckdG4, .ckdG5:
            guard let serum, serum > potassiumLabThresholdMillimolesPerLiter else { return nil }
            return DailyLimit(
                subject: .potassium,
                maximum: potassiumRangeMilligrams.upperBound,
                basis: "2,000–3,000 mg/day since the latest serum potassium \(format(serum)) mmol/L is above 5.0",
                source: source
            )
        }
    }

    static func phosphorus(category: DiseaseCategory, serum: Double?) -> DailyLimit? {
        let source = "DaVita, Kidney Diet and Nutrition: 800–1,000 mg/day; KDOQI 2020: keep serum phosphate normal"
        switch category {
        case .hemodialysis, .peritonealDialysis:
            return DailyLimit(
                subject: .phosphorus,
                maximum: phosphorusRangeMilligrams.upperBound,
                basis: "800–1,000 mg/day on dialysis",
                source: source
            )
        case .kidneyTransplant:
            return nil
        case .ckdG1, .ckdG2, .ckdG3a, .ckdG3b, .ckdG4, .ckdG5:
            guard let serum, serum > phosphorusLabThresholdMilligramsPerDeciliter else { return nil }
            return DailyLimit(
                subject: .phosphorus,
                maximum: phosphorusRangeMilligrams.upperBound,
                basis: "800–1,000 mg/day since the latest serum phosphorus \(format(serum)) mg/dL is above 4.6",
                source: source
            )
        }
    }

    /// Fluid: a limit on hemodialysis; a drinking goal only where no restriction applies (nutrition.md §2.6).
    static func fluid(_ inputs: LimitInputs, category: DiseaseCategory) -> DailyLimit? {
        switch category {
        case .hemodialysis:
            let urine = inputs.urineOutputMillilitersPerDay ?? 0
            return DailyLimit(
                subject: .fluid,
                maximum: urine + hemodialysisFluidAllowanceMilliliters,
                basis: inputs.urineOutputMillilitersPerDay == nil
                    ? "1,000 mL/day (no urine output recorded: anuric default)"
                    : "urine output \(format(urine)) mL + 1,000 mL/day",
                source: "DaVita Kidney Diet Tips, Hemodialysis and fluid intake (2014): urine output + 1,000 mL"
            )
        case .ckdG1, .ckdG2, .kidneyTransplant:
            guard let weight = inputs.weightKilograms, let goal = halfBodyWeightGoalMilliliters(kilograms: weight)
            else { return nil }
            return DailyLimit(
                subject: .fluid,
                minimum: goal,
                basis: "drink at least half the body weight in lb as fl oz (\(format(weight)) kg)",
                source: "rule of thumb for people without a fluid restriction (KidneyHub issue 8; AKF Kidney Kitchen "
                    + "(kitchen.kidneyfund.org/fluids): about 64 oz for stages 1–2)"
            )
        case .peritonealDialysis, .ckdG3a, .ckdG3b, .ckdG4, .ckdG5:
            // nutrition.md §2.11: "clinician sets" / "off": no default either way.
            return nil
        }
    }

    /// Half the body weight in lb, taken as US fl oz, in mL (conversions through the unit table).
    public static func halfBodyWeightGoalMilliliters(kilograms: Double, table: UnitTable = .standard) -> Double? {
        guard let pounds = try? table.convert(kilograms, from: "kg", to: "[lb_av]") else { return nil }
        return try? table.convert(pounds / 2, from: "[foz_us]", to: "mL")
    }

    /// At most two decimals without trailing zeros (`70`, `0.8`, `5.45`); a value that rounds up to a whole number
    /// reads as one (`5.999` as `6`: trimming `%.2f`'s zeros left `6.` before).
    static func format(_ value: Double) -> String {
        FixedDecimal.format(value, maximumDigits: 2)
    }
}
