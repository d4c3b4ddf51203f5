/// A food that could replace the checked one: same group and role, less of the nutrient at issue, within the other
/// limits, with no interaction; compared in a comparable serving (its usual household measure, else the checked
/// portion's weight). For fluid: a smaller portion of the same food, or a food of the same group that is not a
/// liquid.
public struct Substitution: Sendable, Equatable, Codable {
    /// The replacement in the serving compared.
    public var food: AdviceFood
    /// True when the replacement is a smaller portion of the checked food itself (fluid).
    public var smallerPortion: Bool = false
    /// The nutrient at issue.
    public var subject: IntakeSubject
    /// Its amount in the checked portion.
    public var originalAmount: Double
    /// Its amount in the replacement.
    public var amount: Double
    /// `amount - originalAmount` for every limited subject whose amounts are known in both (negative is less).
    public var differences: [String: Double]
    /// True when the replacement also fits what is left of the budget of the nutrient at issue.
    public var fitsRemaining: Bool
    /// True when its name starts with the same word as the checked food's ("Rice, white" for "Rice, brown"): the
    /// closest role, ranked first.
    public var sameKind: Bool
}

/// A candidate replacement from the food database.
public struct SubstitutionCandidate: Sendable, Equatable {
    /// The food's facts (per 100 g).
    public var facts: FoodFacts
    /// Its USDA food group.
    public var group: String?
    /// Its entry among the everyday foods, when it is one (then compared in that entry's serving).
    public var everyday: EverydayFood?

    /// A candidate from its parts.
    public init(facts: FoodFacts, group: String?, everyday: EverydayFood? = nil) {
        self.facts = facts
        self.group = group
        self.everyday = everyday
    }
}

/// Finds and ranks replacements for a checked portion (issue 10, item 3).
public enum SubstitutionFinder {
    /// The source of the substitution rule.
    public static let rule = AdviceRule(
        id: "substitution",
        version: 1,
        severity: .info,
        message: "Instead, try a food from the same group with less of the nutrient at issue:",
        source: RuleSource(
            "KDOQI 2020 nutrition guideline: adjust dietary potassium and phosphorus to keep serum levels in range; "
                + "DaVita, Kidney Diet and Nutrition: low-potassium and low-phosphorus swaps"
        )
    )

    /// A swap has at most this share of the checked portion's amount of the nutrient at issue: clearly less, not
    /// 5 % less (a product choice, issue 17 item 8: "clearly less of the nutrient per serving").
    public static let clearlyLessShare = 0.8

    /// The category swaps for `check` are drawn from (`EverydayFoods`); nil for fluid, where the swap is a smaller
    /// portion or a food that is not a liquid, and for foods of no clear category.
    public static func swapCategory(for check: FoodCheck) -> FoodCategory? {
        guard let subject = check.subjectAtIssue, subject != .fluid else { return nil }
        return EverydayFoods.category(of: check.food.name, group: check.food.group, isLiquid: check.food.isLiquid)
    }

    /// Up to `limit` replacements for `check`, best first: those that also fit what is left of the nutrient at issue,
    /// then those of the same kind (same first word of the name: white rice for brown rice), then by least of the
    /// nutrient, then by name. Empty when nothing is at issue.
    ///
    /// When the checked food has a category (`swapCategory(for:)`), every replacement is an everyday food of that
    /// category in its usual household serving; otherwise it is in the checked food's USDA group and has its role
    /// (liquid for a drink, solid for a food). Either way its serving is comparable (a third to three times the
    /// checked weight), it has at most `clearlyLessShare` of the nutrient at issue, known amounts within what is
    /// left of every other limit, and fires no interaction rule of caution or worse.
    public static func suggestions(
        for check: FoodCheck,
        candidates: [SubstitutionCandidate],
        state: PatientAdviceState,
        limit: Int = 5
    ) -> [Substitution] {
        guard let subject = check.subjectAtIssue, let original = check.food.amount(of: subject),
            let group = check.food.group
        else { return [] }
        let firstWord = check.food.nameWords.first
        let category = swapCategory(for: check)
        var found: [Substitution] = []
        // For fluid the swap is a food that is not a liquid (the whole fruit for its juice); else the same role.
        let liquid = subject == .fluid ? false : check.food.isLiquid
        for candidate in candidates {
            let grams: Double
            if let category {
                // An everyday food of the same category in its usual serving, when that serving is comparable.
                guard let everyday = candidate.everyday, everyday.category == category,
                    let serving = everyday.servingMeasure(in: candidate.facts),
                    serving.grams >= check.food.grams / 3, serving.grams <= check.food.grams * 3
                else { continue }
                grams = serving.grams
            } else {
                guard candidate.group == group, candidate.facts.isLiquid == liquid else { continue }
                // Fresh or plain forms only (no dried, canned or pickled form as a swap), and a comparable serving:
                // the candidate's usual household measure when it is within a third to three times the checked
                // portion, the checked weight when it is larger (a whole melon); a garnish (one olive, a tablespoon
                // of peel) is no swap for a serving.
                guard !FoodNameRule.processedWords.contains(where: candidate.facts.name.lowercased().contains) else {
                    continue
                }
                let usual = candidate.facts.usualMeasure.map { $0.gramsPerUnit * $0.amount }
                if let usual, usual < check.food.grams / 3 { continue }
                grams = usual.flatMap { $0 <= check.food.grams * 3 ? $0 : nil } ?? check.food.grams
            }
            let food = AdviceFood(facts: candidate.facts, group: candidate.group, grams: grams)
            guard food.name != check.food.name, let amount = food.amount(of: subject), amount >= 0,
                amount <= original * clearlyLessShare
            else { continue }
            let replacement = FoodChecker.check(food, state: state)
            let othersFit = replacement.budget.allSatisfy { line in
                line.subject == subject || (line.portion.map { $0 <= line.remaining } ?? false)
            }
            guard othersFit, !replacement.interactions.contains(where: { $0.severity >= .caution }) else { continue }
            var differences: [String: Double] = [:]
            for line in replacement.budget {
                if let mine = line.portion, let theirs = check.food.amount(of: line.subject) {
                    differences[line.subject.rawValue] = mine - theirs
                }
            }
            let remaining = replacement.budget.first { $0.subject == subject }?.remaining ?? 0
            found.append(
                Substitution(
                    food: food,
                    subject: subject,
                    originalAmount: original,
                    amount: amount,
                    differences: differences,
                    fitsRemaining: amount <= remaining,
                    sameKind: food.nameWords.first == firstWord
                )
            )
        }
        let ranked = found.sorted { Self.rank($0) < Self.rank($1) }
        if subject == .fluid, let smaller = smallerFluidPortion(of: check, state: state) {
            return [smaller] + ranked.prefix(limit - 1)
        }
        return Array(ranked.prefix(limit))
    }

    /// The checked food in the largest portion whose fluid fits what is left today (whole grams, more than 0);
    /// nil when nothing is left or the portion already fits.
    static func smallerFluidPortion(of check: FoodCheck, state: PatientAdviceState) -> Substitution? {
        guard let line = check.budget.first(where: { $0.subject == .fluid }), let fluid = line.portion,
            fluid > line.remaining, line.remaining > 0, fluid > 0
        else { return nil }
        let grams = (check.food.grams * line.remaining / fluid).rounded(.down)
        guard grams >= 1 else { return nil }
        let share = grams / check.food.grams
        let food = AdviceFood(
            name: check.food.name,
            group: check.food.group,
            isLiquid: check.food.isLiquid,
            grams: grams,
            nutrients: check.food.nutrients.scaled(by: share),
            fluidMilliliters: check.food.fluidMilliliters * share
        )
        var differences: [String: Double] = [:]
        for line in check.budget {
            if let mine = food.amount(of: line.subject), let theirs = check.food.amount(of: line.subject) {
                differences[line.subject.rawValue] = mine - theirs
            }
        }
        return Substitution(
            food: food,
            smallerPortion: true,
            subject: .fluid,
            originalAmount: fluid,
            amount: food.fluidMilliliters,
            differences: differences,
            fitsRemaining: food.fluidMilliliters <= line.remaining,
            sameKind: true
        )
    }

    /// The ranking key: smaller is better.
    static func rank(_ swap: Substitution) -> (Int, Int, Double, String) {
        (swap.fitsRemaining ? 0 : 1, swap.sameKind ? 0 : 1, swap.amount, swap.food.name)
    }
}
