/// The rules judging one portion against what is left of today's limits (issue 10, "per-food verdicts").
public enum BudgetRules {
    /// A portion using at least this share of what is left today is flagged: KidneyHub's threshold, from DaVita's
    /// split of the daily potassium and phosphorus budgets over three meals and snacks, where no one meal takes
    /// more than about a third of the day (nutrition.md §2.3, §2.4 [R20]); half of what is left leaves too little
    /// for the rest of the day.
    public static let largeShareOfRemaining = 0.5

    static let budgetSource = RuleSource(
        "The daily limit's own source (KDOQI 2020 nutrition guideline; DaVita, Kidney Diet and Nutrition; DaVita "
            + "hemodialysis fluid tips, 2014) or the care team's limit; per-meal split: DaVita, Kidney Diet and "
            + "Nutrition"
    )

    /// The portion is more than what is left of a limit today.
    public static let over = AdviceRule(
        id: "budget-over",
        version: 1,
        severity: .warning,
        message: "Does not fit today's budget:",
        source: budgetSource
    )
    /// The day is already over a limit before this portion.
    public static let alreadyOver = AdviceRule(
        id: "budget-already-over",
        version: 1,
        severity: .warning,
        message: "Today's budget is already used up:",
        source: budgetSource
    )
    /// The portion uses a large share of what is left.
    public static let largeShare = AdviceRule(
        id: "budget-large-share",
        version: 1,
        severity: .caution,
        message: "Fits, but uses much of what is left today:",
        source: budgetSource
    )
    /// The portion fits.
    public static let fits = AdviceRule(
        id: "budget-fits",
        version: 1,
        severity: .info,
        message: "Fits today's budget:",
        source: budgetSource
    )
    /// The portion is under the maximum, but the day stays below the subject's minimum even with it (protein on
    /// dialysis: KDOQI 2020, 1.0–1.2 g/kg/day).
    public static let belowMinimum = AdviceRule(
        id: "budget-below-minimum",
        version: 1,
        severity: .info,
        message: "Helps, but today is still below its minimum:",
        source: budgetSource
    )
    /// The food's amount of a limited nutrient is unknown (USDA has no value).
    public static let unknown = AdviceRule(
        id: "budget-unknown",
        version: 1,
        severity: .caution,
        message: "Cannot tell whether it fits: the food database has no value for",
        source: RuleSource(
            "USDA SR28 (2015) leaves unknown values empty; KidneyHub never counts them as 0"
        )
    )

    /// Every budget rule.
    public static let all = [over, alreadyOver, largeShare, belowMinimum, fits, unknown]
}
