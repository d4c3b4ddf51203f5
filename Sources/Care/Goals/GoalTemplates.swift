import Clinical
import Foundation

/// The goal templates per disease category (issue 9): early CKD (G1–G2), CKD G3–G5, hemodialysis, peritoneal
/// dialysis and kidney transplant. Each target cites its source beside it; the user may adjust every one.
public enum GoalTemplates {
    /// The disease category groups templates are written for.
    public enum Group: String, Sendable, CaseIterable {
        case earlyCKD = "early-ckd"
        case ckd3to5 = "ckd-3-5"
        case hemodialysis
        case peritonealDialysis = "peritoneal-dialysis"
        case transplant

        /// The group of a profile's category.
        public init(_ category: DiseaseCategory) {
            switch category {
            case .ckdG1, .ckdG2: self = .earlyCKD
            case .ckdG3a, .ckdG3b, .ckdG4, .ckdG5: self = .ckd3to5
            case .hemodialysis: self = .hemodialysis
            case .peritonealDialysis: self = .peritonealDialysis
            case .kidneyTransplant: self = .transplant
            }
        }
    }

    /// The templates offered to a profile: its category's, with the dry-weight range only when a dry weight is
    /// set, interdialytic gain only on hemodialysis, and HbA1c only with diabetes.
    public static func offered(for profile: PatientProfile) -> [GoalTemplate] {
        guard let category = profile.diseaseCategory else { return [] }
        let hasDiabetes = profile.diabetes.map { $0 != .noDiabetes } ?? false
        return templates(for: Group(category), dryWeightKilograms: profile.dryWeightKilograms, diabetes: hasDiabetes)
    }

    /// The templates of a group.
    public static func templates(
        for group: Group,
        dryWeightKilograms: Double? = nil,
        diabetes: Bool = false
    ) -> [GoalTemplate] {
        var list: [GoalTemplate] = []
        switch group {
        case .earlyCKD:
            list = [bloodPressureCKD, egfrStable, steps]
        case .ckd3to5:
            list = [bloodPressureCKD, potassium, phosphorusCKD, bicarbonate, egfrStable, steps]
        case .hemodialysis:
            list = [interdialyticGain, bloodPressureDialysis, potassium, phosphorusDialysis, albuminDialysis, steps]
            if let dry = dryWeightKilograms { list.insert(dryWeightRange(dry, id: "hd-dry-weight"), at: 1) }
        case .peritonealDialysis:
            list = [bloodPressureDialysis, potassium, phosphorusDialysis, albuminDialysis, steps]
            if let dry = dryWeightKilograms { list.insert(dryWeightRange(dry, id: "pd-dry-weight"), at: 0) }
        case .transplant:
            list = [bloodPressureTransplant, potassium, bicarbonate, egfrStable, steps]
        }
        if diabetes { list.append(hba1c) }
        return list
    }

    /// Every template id of every group, for `goals add --template`.
    public static func template(id: String, for profile: PatientProfile) -> GoalTemplate? {
        offered(for: profile).first { $0.id == id }
    }

    /// Intake templates from a profile's daily limits (nutrition's `DailyLimits`, with the care team's overrides):
    /// one "within limits" goal per limit, and a drinking goal where the fluid limit is a minimum, which the
    /// nutrition rules set only for categories without a fluid restriction (nutrition.md §2.6). Each cites the
    /// limit's own source.
    public static func intakeTemplates(from limits: [DailyLimit]) -> [GoalTemplate] {
        limits.map { limit in
            if limit.subject == .fluid, let minimum = limit.minimum, limit.maximum == nil {
                return GoalTemplate(
                    id: "drink-water",
                    title: "Drink \(GoalKind.number(minimum.rounded())) mL a day",
                    kind: .drinkWater(milliliters: minimum.rounded()),
                    period: .day,
                    source: limit.source
                )
            }
            let kind = GoalKind.intakeWithin(subject: limit.subject, minimum: limit.minimum, maximum: limit.maximum)
            return GoalTemplate(
                id: "intake-\(limit.subject.rawValue)",
                title: "\(limit.subject.rawValue.capitalized) within limits (\(limit.basis))",
                kind: kind,
                period: .day,
                source: limit.source
            )
        }
    }

    /// The fruit-and-vegetable template, offered only where potassium is not restricted and the labs allow it: no
    /// potassium limit among the profile's daily limits (none by default except on hemodialysis or with a serum
    /// potassium above 5.0, nutrition.md §2.11, unless the care team set one), and `PotassiumGate` passes for the
    /// latest potassium. Returns the labs' refusal when they refuse it, nil when only a potassium limit does.
    public static func fruitVegetables(
        limits: [DailyLimit],
        latestPotassium: GoalData.Reading?,
        atMs: Int64,
        timeZone: TimeZone
    ) -> Result<GoalTemplate, PotassiumGate.Refusal>? {
        // The labs first, so a high potassium (which also starts a potassium limit) is given as the reason.
        do throws(PotassiumGate.Refusal) {
            try PotassiumGate.check(latest: latestPotassium, atMs: atMs, timeZone: timeZone)
        } catch {
            return .failure(error)
        }
        guard !limits.contains(where: { $0.subject == .potassium }) else { return nil }
        return .success(fruitVegetableCups)
    }

    /// Dietary Guidelines for Americans 2020–2025 (USDA MyPlate): adults need 1.5–2.5 cups of fruit and 2–4 cups of
    /// vegetables a day; "add 2 cups a day" is the goal, a step toward that the user may raise.
    public static let fruitVegetableCups = GoalTemplate(
        id: "fruit-vegetables",
        title: "Add 2 cups of fruit and vegetables a day (potassium allows it)",
        kind: .fruitVegetableCups(2),
        period: .day,
        source: "USDA MyPlate / DGA 2020–2025 (cup-equivalents); gate: potassium ≤ 5.0 mmol/L within 90 days "
            + "(KDOQI 2020 nutrition guideline)"
    )

    // MARK: - The templates and their sources

    /// KDIGO 2021 Clinical Practice Guideline for the Management of Blood Pressure in CKD (Kidney Int 2021;99(3S)),
    /// recommendation 3.1.1: systolic < 120 mm[Hg] when tolerated, CKD not on dialysis. The guideline sets no
    /// diastolic target; 80 is the ACC/AHA 2017 threshold of stage 1 hypertension.
    static let bloodPressureCKD = GoalTemplate(
        id: "bp-ckd",
        title: "Blood pressure below 120/80 (weekly mean)",
        kind: .bloodPressureBelow(systolic: 120, diastolic: 80),
        period: .week,
        source: "KDIGO 2021 BP in CKD, rec. 3.1.1 (SBP < 120 when tolerated); DBP 80: ACC/AHA 2017"
    )

    /// KDOQI Clinical Practice Guidelines for Cardiovascular Disease in Dialysis Patients (2005), guideline 12:
    /// pre-dialysis < 140/90 mm[Hg] (KDIGO 2021 does not cover dialysis).
    static let bloodPressureDialysis = GoalTemplate(
        id: "bp-dialysis",
        title: "Pre-dialysis blood pressure below 140/90 (weekly mean)",
        kind: .bloodPressureBelow(systolic: 140, diastolic: 90),
        period: .week,
        source: "KDOQI 2005 CVD in dialysis patients, guideline 12 (pre-dialysis < 140/90)"
    )

    /// KDIGO 2021 BP in CKD, recommendation 6.1.1: kidney transplant recipients < 130/80 mm[Hg].
    static let bloodPressureTransplant = GoalTemplate(
        id: "bp-transplant",
        title: "Blood pressure below 130/80 (weekly mean)",
        kind: .bloodPressureBelow(systolic: 130, diastolic: 80),
        period: .week,
        source: "KDIGO 2021 BP in CKD, rec. 6.1.1 (transplant recipients < 130/80)"
    )

    /// nutrition.md §2.8: keep serum potassium in the normal range, 3.5–5.0 mmol/L (KDOQI 2020 [R8]; [R30]).
    static let potassium = GoalTemplate(
        id: "potassium",
        title: "Potassium 3.5–5.0 mmol/L",
        kind: .labInRange(analyte: "potassium", low: 3.5, high: 5.0),
        period: .month,
        source: "KDOQI 2020 nutrition guideline; dialysis lab education sheet 3.5–5.1"
    )

    /// nutrition.md §2.8: phosphorus 2.7–4.6 mg/dL in CKD 3–4 (NKF KDOQI 2003 table [R22b]).
    static let phosphorusCKD = GoalTemplate(
        id: "phosphorus-ckd",
        title: "Phosphorus 2.7–4.6 mg/dL",
        kind: .labInRange(analyte: "phosphorus", low: 2.7, high: 4.6),
        period: .month,
        source: "NKF KDOQI 2003 targets by stage, CKD 3–4"
    )

    /// nutrition.md §2.8: phosphorus 3.5–5.5 mg/dL on dialysis (NKF KDOQI 2003 for CKD 5 [R22]).
    static let phosphorusDialysis = GoalTemplate(
        id: "phosphorus-dialysis",
        title: "Phosphorus 3.5–5.5 mg/dL",
        kind: .labInRange(analyte: "phosphorus", low: 3.5, high: 5.5),
        period: .month,
        source: "NKF KDOQI 2003 bone-mineral targets, CKD 5"
    )

    /// nutrition.md §2.8: bicarbonate ≥ 22 mmol/L (metabolic acidosis is < 22 [R27]).
    static let bicarbonate = GoalTemplate(
        id: "bicarbonate",
        title: "Bicarbonate at least 22 mmol/L",
        kind: .labInRange(analyte: "bicarbonate", low: 22, high: nil),
        period: .month,
        source: "CKD metabolic acidosis is < 22 mmol/L; treat to keep ≥ 22"
    )

    /// nutrition.md §2.8: albumin ≥ 4.0 g/dL in dialysis patient education [R29].
    static let albuminDialysis = GoalTemplate(
        id: "albumin",
        title: "Albumin at least 4.0 g/dL",
        kind: .labInRange(analyte: "albumin", low: 4.0, high: nil),
        period: .month,
        source: "dialysis lab education; kidneychef.com, Making sense of your laboratory values"
    )

    /// nutrition.md §2.8: HbA1c about 7 % for most, individualised < 6.5 % to < 8.0 % (KDIGO 2020/2022 [R28]).
    static let hba1c = GoalTemplate(
        id: "hba1c",
        title: "HbA1c at most 7.0 %",
        kind: .labInRange(analyte: "hba1c", low: nil, high: 7.0),
        period: .month,
        source: "KDIGO 2020/2022 Diabetes in CKD guideline"
    )

    /// eGFR stable: a decline no faster than 5 mL/min/1.73 m² a year, the KDIGO threshold of rapid progression
    /// (`EGFRSlope.rapidDeclinePerYear`, KDIGO 2024 CKD guideline).
    static let egfrStable = GoalTemplate(
        id: "egfr-stable",
        title: "eGFR stable (decline no more than 5 a year)",
        kind: .egfrStable(maximumDeclinePerYear: EGFRSlope.rapidDeclinePerYear),
        period: .month,
        source: "KDIGO 2024 CKD guideline: rapid progression is a sustained decline > 5 mL/min/1.73 m²/year"
    )

    /// nutrition.md §2.7: common unit teaching target < 4 % of dry weight between sessions [R25]; > 4.8 % is linked
    /// to higher mortality [R23].
    static let interdialyticGain = GoalTemplate(
        id: "hd-idwg",
        title: "Weight gain between sessions below 4 % of dry weight",
        kind: .interdialyticGainBelow(percentOfDryWeight: 4),
        period: .week,
        source: "dialysis-unit teaching < 4 % of dry weight; > 4.8 % linked to higher mortality"
    )

    /// Post-dialysis weight within 0.5 kg of the prescribed dry weight (nutrition.md §2.7: the dry weight is
    /// prescribed by the nephrologist [R24]); the 0.5 kg tolerance is a product choice the user may change.
    static func dryWeightRange(_ dry: Double, id: String) -> GoalTemplate {
        GoalTemplate(
            id: id,
            title: "Weight within 0.5 kg of the dry weight (\(GoalKind.number(dry)) kg)",
            kind: .weightRange(lowKilograms: dry - 0.5, highKilograms: dry + 0.5),
            period: .week,
            source: "dry weight set by the nephrologist (DaVita, dry weight and fluid gain); "
                + "±0.5 kg KidneyHub's choice"
        )
    }

    /// KDIGO 2024 CKD guideline (ch. 3): moderate physical activity for at least 150 minutes a week; 7,000 steps a
    /// day is where the mortality benefit levels off in adults of 60 and over (Paluch AE et al., Lancet Public
    /// Health 2022;7:e219–28).
    static let steps = GoalTemplate(
        id: "steps",
        title: "7,000 steps a day",
        kind: .stepsPerDay(7000),
        period: .day,
        source: "KDIGO 2024 CKD ch. 3 (≥ 150 min/week activity); Paluch 2022 Lancet Public Health (steps)"
    )
}
