import Clinical
import Foundation
import HubCore

/// What one month held, for the report card: the last lab values, averages of weight, interdialytic gain, blood
/// pressure and daily intake.
public struct MonthFacts: Sendable, Equatable, Codable {
    /// The month, "YYYY-MM".
    public var month: String
    /// The last value of each lab in the month, by lab id.
    public var lastLabs: [String: LabValue]
    /// Mean body weight in kg.
    public var averageWeightKilograms: Double?
    /// Mean interdialytic gain in % of dry weight.
    public var averageGainPercent: Double?
    /// Mean systolic and diastolic pressure in mm[Hg].
    public var averageSystolic: Double?
    /// See `averageSystolic`.
    public var averageDiastolic: Double?
    /// Mean daily intake per subject over the days with at least one entry.
    public var averageDailyIntake: [IntakeSubject: Double]
    /// Days with at least one intake entry.
    public var daysLogged: Int

    /// Facts from their parts.
    public init(
        month: String,
        lastLabs: [String: LabValue] = [:],
        averageWeightKilograms: Double? = nil,
        averageGainPercent: Double? = nil,
        averageSystolic: Double? = nil,
        averageDiastolic: Double? = nil,
        averageDailyIntake: [IntakeSubject: Double] = [:],
        daysLogged: Int = 0
    ) {
        self.month = month
        self.lastLabs = lastLabs
        self.averageWeightKilograms = averageWeightKilograms
        self.averageGainPercent = averageGainPercent
        self.averageSystolic = averageSystolic
        self.averageDiastolic = averageDiastolic
        self.averageDailyIntake = averageDailyIntake
        self.daysLogged = daysLogged
    }
}

/// The monthly report card (issue 10, item 7): each topic this month against its target and last month, in plain
/// language, with recommended foods.
public struct ReportCard: Sendable, Equatable, Codable {
    /// One topic of the card.
    public struct Line: Sendable, Equatable, Codable {
        /// "Potassium (blood)", "Sodium (diet)", "Blood pressure" …
        public var topic: String
        /// This month's figure as text.
        public var thisMonth: String
        /// Last month's figure as text, if any.
        public var lastMonth: String?
        /// The target as text, if one applies.
        public var target: String?
        /// "on target", "off target" or "no data".
        public var status: String
        /// "better", "worse", "same", or nil when there is nothing to compare.
        public var change: String?
        /// The plain-language explanation.
        public var explanation: String
        /// Where the target comes from.
        public var source: String
    }

    /// The month.
    public var month: String
    /// The KDIGO stage as every output shows it (`PatientStage`: G5D on dialysis, T after a transplant), if known.
    public var stage: String?
    /// The topics.
    public var lines: [Line]
    /// Foods to try next month (low in what is at issue), by name.
    public var recommendedFoods: [String]

    /// The plain-language explanation of each lab (what it is, why it matters). Teaching texts for patients,
    /// following nutrition.md §2.8.
    static let labTeaching: [String: String] = [
        "potassium":
            "Potassium keeps your heart beating steadily; too much is dangerous when kidneys cannot remove it.",
        "phosphorus": "Phosphorus builds up when kidneys fail and weakens bones and hardens blood vessels.",
        "albumin": "Albumin shows whether you eat enough protein and energy.",
        "bicarbonate": "Bicarbonate shows whether your blood is too acidic, which wastes muscle and bone.",
        "calcium": "Calcium works with phosphorus for strong bones.",
        "hemoglobin": "Hemoglobin carries oxygen; low values make you tired.",
        "egfr": "eGFR estimates how well your kidneys filter.",
    ]

    /// Labs on the card, in order.
    static let labsShown = ["potassium", "phosphorus", "albumin", "bicarbonate", "calcium", "hemoglobin", "egfr"]

    /// The card for `current` against `previous`, with targets for a patient in `category`.
    public init(
        current: MonthFacts,
        previous: MonthFacts?,
        category: DiseaseCategory?,
        hasDiabetes: Bool,
        limits: [DailyLimit],
        recommendedFoods: [String]
    ) {
        month = current.month
        stage = PatientStage.text(
            category: category,
            latest: current.lastLabs["egfr"].flatMap { try? GFRCategory(egfr: $0.value) }
        )
        self.recommendedFoods = recommendedFoods
        var lines: [Line] = []
        for lab in Self.labsShown {
            guard let value = current.lastLabs[lab] else { continue }
            let standing = LabStanding(value, category: category, hasDiabetes: hasDiabetes)
            let before = previous?.lastLabs[lab]
            let target = Self.rangeText(
                low: standing.targetLow,
                high: standing.targetHigh,
                unit: UnitDisplayName.text(value.unit)
            )
            var change: String?
            if let before {
                change = Self.labChange(
                    from: before.value,
                    to: value.value,
                    low: standing.targetLow,
                    high: standing.targetHigh
                )
            }
            let status =
                standing.flag == .inRange ? "on target" : standing.flag == .noTarget ? "no target" : "off target"
            let verdict =
                standing.flag == .inRange
                ? "It is within the target — well done."
                : standing.flag == .high
                    ? "It is above the target." : standing.flag == .low ? "It is below the target." : ""
            lines.append(
                Line(
                    topic: "\(lab) (blood)",
                    thisMonth: "\(AdviceNumber.text(value.value)) \(UnitDisplayName.text(value.unit))",
                    lastMonth: before.map { "\(AdviceNumber.text($0.value)) \(UnitDisplayName.text($0.unit))" },
                    target: target,
                    status: status,
                    change: change,
                    explanation: [Self.labTeaching[lab] ?? "", verdict].filter { !$0.isEmpty }.joined(separator: " "),
                    source: standing.targetSource ?? "KidneyHub lab catalog"
                )
            )
        }
        for limit in limits {
            guard let average = current.averageDailyIntake[limit.subject] else { continue }
            let unit = NutrientUnitText.text(limit.unit)
            let before = previous?.averageDailyIntake[limit.subject]
            let over = limit.maximum.map { average > $0 } ?? false
            let under = limit.minimum.map { average < $0 } ?? false
            // With a maximum, less is better; with only a minimum (a drinking goal), more is better.
            let change = before.map { before -> String in
                if average == before { return "same" }
                return (limit.maximum != nil) == (average < before) ? "better" : "worse"
            }
            let explanation =
                over
                ? "On average you ate more than your limit on the \(current.daysLogged) days you logged."
                : under
                    ? (limit.subject == .fluid
                        ? "On average you stayed below your goal on the \(current.daysLogged) days you logged."
                        : "On average you ate less than your minimum on the \(current.daysLogged) days you logged.")
                    : "On average you stayed within your limit on the \(current.daysLogged) days you logged."
            lines.append(
                Line(
                    topic: "\(limit.subject.rawValue) (diet, per day)",
                    thisMonth: "\(AdviceNumber.text(average)) \(unit)",
                    lastMonth: before.map { "\(AdviceNumber.text($0)) \(unit)" },
                    target: Self.rangeText(low: limit.minimum, high: limit.maximum, unit: unit),
                    status: over || under ? "off target" : "on target",
                    change: change,
                    explanation: explanation,
                    source: limit.source
                )
            )
        }
        if let weight = current.averageWeightKilograms {
            let before = previous?.averageWeightKilograms
            lines.append(
                Line(
                    topic: "weight (mean)",
                    thisMonth: "\(AdviceNumber.text(weight)) kg",
                    lastMonth: before.map { "\(AdviceNumber.text($0)) kg" },
                    target: nil,
                    status: "no target",
                    change: before.map { abs(weight - $0) < 0.05 ? "same" : weight > $0 ? "up" : "down" },
                    explanation: "Your average weight this month; sudden gains often mean fluid.",
                    source: "measurements (no weight target is set by KidneyHub)"
                )
            )
        }
        if let gain = current.averageGainPercent {
            let before = previous?.averageGainPercent
            lines.append(
                Line(
                    topic: "interdialytic weight gain (mean)",
                    thisMonth: "\(AdviceNumber.text(gain)) % of dry weight",
                    lastMonth: before.map { "\(AdviceNumber.text($0)) %" },
                    target: "< 4 % of dry weight",
                    status: gain < AlertRules.gainAlertPercent ? "on target" : "off target",
                    change: before.map { gain == $0 ? "same" : gain < $0 ? "better" : "worse" },
                    explanation:
                        "The weight you gain between sessions is mostly fluid; less gain is easier on your heart.",
                    source:
                        "dialysis-unit teaching < 4 % of dry weight; higher gains go with higher blood pressure and "
                        + "mortality (Ipema KJR et al., Kidney Blood Press Res 2016;41:710–720)"
                )
            )
        }
        if let systolic = current.averageSystolic, let diastolic = current.averageDiastolic {
            let target = Self.bloodPressureTarget(category)
            let before = previous?.averageSystolic
            let onTarget = systolic < target.systolic && diastolic < target.diastolic
            lines.append(
                Line(
                    topic: "blood pressure (mean)",
                    thisMonth: "\(AdviceNumber.text(systolic))/\(AdviceNumber.text(diastolic)) mmHg",
                    lastMonth: before.flatMap { s in
                        previous?.averageDiastolic.map { "\(AdviceNumber.text(s))/\(AdviceNumber.text($0)) mmHg" }
                    },
                    target: "< \(Int(target.systolic))/\(Int(target.diastolic)) mmHg",
                    status: onTarget ? "on target" : "off target",
                    change: before.map { systolic == $0 ? "same" : systolic < $0 ? "better" : "worse" },
                    explanation: "Lower blood pressure protects your kidneys and heart; less salt helps.",
                    source: target.source
                )
            )
        }
        self.lines = lines
    }

    /// The blood-pressure target of a category: the same sources as the goal templates (issue 9).
    static func bloodPressureTarget(_ category: DiseaseCategory?) -> (
        systolic: Double, diastolic: Double, source: String
    ) {
        switch category {
        case .hemodialysis?, .peritonealDialysis?:
            (140, 90, "KDOQI 2005 CVD in dialysis patients, guideline 12 (pre-dialysis < 140/90)")
        case .kidneyTransplant?:
            (130, 80, "KDIGO 2021 BP in CKD, rec. 6.1.1 (transplant recipients < 130/80)")
        default:
            (120, 80, "KDIGO 2021 BP in CKD, rec. 3.1.1 (SBP < 120 when tolerated); DBP 80: ACC/AHA 2017")
        }
    }

    static func rangeText(low: Double?, high: Double?, unit: String) -> String? {
        switch (low, high) {
        case let (low?, high?): "\(AdviceNumber.text(low))–\(AdviceNumber.text(high)) \(unit)"
        case let (low?, nil): "≥ \(AdviceNumber.text(low)) \(unit)"
        case let (nil, high?): "≤ \(AdviceNumber.text(high)) \(unit)"
        case (nil, nil): nil
        }
    }

    /// Better when the value moved toward (or into) the target range, worse when away, same when unchanged.
    static func labChange(from before: Double, to now: Double, low: Double?, high: Double?) -> String? {
        guard low != nil || high != nil else { return nil }
        func distance(_ value: Double) -> Double {
            if let low, value < low { return low - value }
            if let high, value > high { return value - high }
            return 0
        }
        let was = distance(before), is_ = distance(now)
        if was == is_ { return "same" }
        return is_ < was ? "better" : "worse"
    }

    /// The card as plain text.
    public var text: String {
        var out = ["Report card for \(month)" + (stage.map { ", CKD stage (KDIGO) \($0)" } ?? "")]
        if lines.isEmpty { out.append("No labs, readings or food entries this month.") }
        for line in lines {
            var head = "- \(line.topic): \(line.thisMonth) (\(line.status)"
            if let target = line.target { head += ", target \(target)" }
            head += ")"
            if let last = line.lastMonth { head += "; last month \(last)" + (line.change.map { ", \($0)" } ?? "") }
            out.append(head)
            out.append("  \(line.explanation) [source: \(line.source)]")
        }
        if !recommendedFoods.isEmpty {
            out.append("Foods to try: " + recommendedFoods.joined(separator: "; "))
        }
        return out.joined(separator: "\n")
    }
}
