import Clinical
import HubCore

/// Rules that judge a portion by the patient's latest labs, not only by what is left of the day (issue 17, item 5):
/// with a high blood potassium, a potassium-rich portion is flagged even when the day's budget still has room.
public enum LabFoodRules {
    /// A portion with more than 200 mg potassium is potassium-rich: the National Kidney Foundation's "Potassium and
    /// Your CKD Diet" (kidney.org) lists foods with more than 200 mg per portion as high in potassium.
    public static let potassiumRichMilligrams = 200.0

    /// The latest serum potassium above its target (3.5–5.0 mmol/L for anyone in the lab catalog: KDOQI 2020 keeps
    /// serum potassium in the lab's normal range; a dialysis-unit sheet uses 3.5–5.1) and a potassium-rich portion.
    public static let highPotassiumRichFood = AdviceRule(
        id: "lab-high-potassium-rich-food",
        version: 1,
        severity: .warning,
        message: "Your blood potassium is high; this portion is rich in potassium:",
        source: RuleSource(
            "KDOQI Clinical Practice Guideline for Nutrition in CKD, 2020 update: adjust dietary potassium to keep "
                + "serum potassium in the normal range; National Kidney Foundation, Potassium and Your CKD Diet "
                + "(kidney.org): more than 200 mg per portion is high"
        )
    )

    /// The firings for `food` given the patient's latest labs.
    public static func evaluate(food: AdviceFood, state: PatientAdviceState) -> [AdviceMessage] {
        guard let standing = state.latestStanding("potassium"), standing.flag == .high,
            let potassium = food.amount(of: .potassium), potassium > potassiumRichMilligrams
        else { return [] }
        let target =
            standing.targetHigh.map {
                " (target up to \(AdviceNumber.text($0)) \(UnitDisplayName.text(standing.value.unit)))"
            } ?? ""
        return [
            highPotassiumRichFood.fire(
                detail: "\(AdviceNumber.text(potassium)) mg potassium in \(food.name); your latest blood potassium "
                    + "was \(standing.summary())\(target). Choose a lower-potassium food even if today's budget "
                    + "has room, and ask your care team.",
                facts: [
                    "concerns": IntakeSubject.potassium.rawValue, "food": food.name,
                    "portion_potassium_mg": AdviceNumber.text(potassium),
                    "lab_potassium": standing.summary(),
                    "rich_threshold_mg": AdviceNumber.text(potassiumRichMilligrams),
                ]
            )
        ]
    }
}
