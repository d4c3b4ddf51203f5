/// Limits for interdialytic weight gain (IDWG) in % of dry weight, and the reference figures behind them.
///
/// All figures are from nutrition.md §2.7.
public struct InterdialyticGainThresholds: Sendable, Hashable, Codable {
    /// A gain at or above this % of dry weight raises a warning.
    public var warningPercent: Double
    /// A gain at or above this % of dry weight raises an alert.
    public var alertPercent: Double

    /// Thresholds with the given limits (the clinician may change the defaults).
    public init(warningPercent: Double, alertPercent: Double) {
        self.warningPercent = warningPercent
        self.alertPercent = alertPercent
    }

    /// The app's rule: warn at ≥ 3 % and alert at ≥ 4 % of the prescribed dry weight, both configurable
    /// (nutrition.md §2.7 "App rule").
    public static let standard = InterdialyticGainThresholds(warningPercent: 3, alertPercent: 4)

    /// Common dialysis-unit teaching target: IDWG below 4 % of dry weight (nutrition.md §2.7, [R25]).
    public static let teachingLimitPercent = 4.0

    /// Common teaching target between mid-week sessions: below 2–2.5 kg (nutrition.md §2.7, [R25]).
    public static let teachingMidweekLimitKilograms: ClosedRange<Double> = 2.0...2.5

    /// Gains above 4.8 % of body weight are linked to higher mortality after adjustment for comorbidity
    /// (nutrition.md §2.7, [R23]).
    public static let mortalityAssociatedPercent = 4.8

    /// Mean IDWG in a cohort of 309 hemodialysis patients, 2.8 ± 1.2 kg, about 4 % of dry weight
    /// (nutrition.md §2.7, [R26b]).
    public static let cohortMeanKilograms = 2.8

    /// How a gain compares with these thresholds; nil when the gain has no percentage (no dry weight).
    public func level(of gain: InterdialyticGain) -> InterdialyticGainLevel? {
        gain.percentOfDryWeight.map(level(ofPercent:))
    }

    /// How a gain in % of dry weight compares with these thresholds.
    public func level(ofPercent percent: Double) -> InterdialyticGainLevel {
        if percent >= alertPercent { return .alert }
        if percent >= warningPercent { return .warning }
        return .withinTarget
    }
}

/// Where an interdialytic weight gain stands against the thresholds.
public enum InterdialyticGainLevel: String, Sendable, Hashable, Codable, CaseIterable {
    case withinTarget = "within_target"
    case warning
    case alert
}
