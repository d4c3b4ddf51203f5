import Clinical

/// Which achievements a closed period earns and what each is worth, tailored to the disease category.
///
/// Points and badge names are product choices, not clinical constants. Tailoring: interdialytic-gain goals (only
/// offered on hemodialysis) and lab goals on dialysis or after a transplant count double, since those are the
/// numbers the care team watches most; the badge names speak to the category.
public enum RewardRules {
    /// Consecutive periods that make a streak: a week of days, four weeks, three months.
    public static func streakLength(_ period: GoalPeriod) -> Int? {
        switch period {
        case .day: 7
        case .week: 4
        case .month: 3
        case .until: nil
        }
    }

    /// A fall of this many mm[Hg] in the mean systolic pressure between two periods counts as an improving trend;
    /// a product choice, above the 1–2 mm[Hg] wobble of a few home readings' mean.
    public static let improvingSystolicMmHg = 5.0
    /// A move of this many kg toward the weight range counts as improving (product choice).
    public static let improvingWeightKilograms = 0.5

    /// The achievements of a goal for a closed window with `progress`, given the previous window's progress and how
    /// many windows in a row before this one the goal was met.
    public static func achievements(
        for kind: GoalKind,
        period: GoalPeriod,
        progress: GoalProgress,
        previous: GoalProgress?,
        metInARowBefore: Int
    ) -> [Achievement] {
        var earned: [Achievement] = []
        if progress.met == true {
            earned.append(.met)
            if let length = streakLength(period), (metInARowBefore + 1) % length == 0 {
                earned.append(.streak(metInARowBefore + 1))
            }
        }
        if let now = progress.measure, let before = previous?.measure, isImproving(kind, from: before, to: now) {
            earned.append(.improving)
        }
        return earned
    }

    /// True when `to` is nearer the goal's target than `from` by the kind's margin.
    static func isImproving(_ kind: GoalKind, from before: Double, to now: Double) -> Bool {
        switch kind {
        case .bloodPressureBelow(let systolic, _):
            // Only a fall from above the target is a trend toward it.
            return before >= systolic && before - now >= improvingSystolicMmHg
        case .labInRange(_, let low, let high):
            func distance(_ value: Double) -> Double {
                if let low, value < low { return low - value }
                if let high, value > high { return value - high }
                return 0
            }
            return distance(before) > 0 && distance(now) < distance(before)
        case .weightRange(let low, let high):
            func distance(_ value: Double) -> Double { value < low ? low - value : max(0, value - high) }
            return distance(before) - distance(now) >= improvingWeightKilograms
        case .egfrStable, .interdialyticGainBelow, .stepsPerDay, .intakeWithin, .drinkWater, .fruitVegetableCups,
            .medicationsTaken:
            return false
        }
    }

    /// The points an achievement is worth.
    public static func points(
        for achievement: Achievement,
        kind: GoalKind,
        period: GoalPeriod,
        category: DiseaseCategory?
    ) -> Int {
        let base =
            switch achievement {
            case .met:
                switch period {
                case .day: 10
                case .week: 30
                case .month: 100
                case .until: 200
                }
            case .streak(let count): 5 * count
            case .improving: 50
            }
        return base * weight(kind, category)
    }

    private static func weight(_ kind: GoalKind, _ category: DiseaseCategory?) -> Int {
        switch (kind, category) {
        case (.interdialyticGainBelow, _): 2
        case (.labInRange, .hemodialysis?), (.labInRange, .peritonealDialysis?), (.labInRange, .kidneyTransplant?): 2
        default: 1
        }
    }

    /// The badge for an achievement, in the category's words.
    public static func badge(for achievement: Achievement, kind: GoalKind, category: DiseaseCategory?) -> String {
        switch achievement {
        case .met: return Badge(kind: kind, category: category).english
        case .streak(let count): return "\(count) in a row"
        case .improving: return "Heading the right way"
        }
    }
}
