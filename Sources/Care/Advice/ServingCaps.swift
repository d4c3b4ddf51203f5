/// Whether one serving of a food suits every restricted nutrient of a patient (issue 17, item 5): the report card's
/// foods to try must not break a limit the patient has for any of potassium, phosphorus, sodium, fluid and protein
/// (no pickles or olives for a sodium-restricted patient, whatever their potassium).
public enum ServingCaps {
    /// Potassium: at most 200 mg per serving. National Kidney Foundation, "Potassium and Your CKD Diet" (kidney.org):
    /// foods with more than 200 mg per portion are high in potassium.
    public static let potassiumMilligrams = 200.0
    /// Phosphorus: at most 100 mg per serving, the top of a snack's share of the daily budget (DaVita, "Kidney Diet
    /// and Nutrition", per-meal split: snacks 50–100 mg phosphorus).
    public static let phosphorusMilligrams = 100.0
    /// Sodium: at most 140 mg per serving, the FDA's "low sodium" claim (21 CFR 101.61(b)(4)).
    public static let sodiumMilligrams = 140.0
    /// Protein, where the day has a maximum: at most a tenth of it per serving. KidneyHub's own snack-sized share
    /// (issue 17), not a guideline figure; the maximum itself is KDOQI 2020's (see `DailyLimits`).
    public static let proteinShareOfMaximum = 0.1

    /// A serving is judged on at least 50 g, so one olive or one pickle slice cannot pass as "low": the FDA judges a
    /// "low sodium" claim per 50 g when the reference amount is 30 g or less (21 CFR 101.61(b)(4)(i)(B)).
    public static let minimumServingGrams = 50.0

    /// The restricted subjects (limits with a maximum) that one serving `food` exceeds; empty when it suits them
    /// all. A nutrient the food database does not know exceeds (unknown is never counted as 0). With a fluid limit
    /// only foods that are not liquid suit.
    public static func exceeded(by serving: AdviceFood, limits: [DailyLimit]) -> [IntakeSubject] {
        let scale = serving.grams > 0 && serving.grams < minimumServingGrams ? minimumServingGrams / serving.grams : 1
        let food = AdviceFood(
            name: serving.name,
            group: serving.group,
            isLiquid: serving.isLiquid,
            grams: serving.grams * scale,
            nutrients: serving.nutrients.scaled(by: scale),
            fluidMilliliters: serving.fluidMilliliters * scale
        )
        return limits.filter { $0.maximum != nil }.compactMap { limit -> IntakeSubject? in
            let subject = limit.subject
            let cap: Double
            switch subject {
            case .potassium: cap = potassiumMilligrams
            case .phosphorus: cap = phosphorusMilligrams
            case .sodium: cap = sodiumMilligrams
            case .protein: cap = (limit.maximum ?? 0) * proteinShareOfMaximum
            case .fluid: return food.isLiquid || food.fluidMilliliters > 0 ? subject : nil
            }
            guard let amount = food.amount(of: subject) else { return subject }
            return amount > cap ? subject : nil
        }
    }
}
