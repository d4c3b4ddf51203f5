/// The optional circumstances of a reading (adapter-protocol.md §5.2 `context`), with its enumerations typed.
public struct MeasurementContext: Sendable, Hashable, Codable {
    /// How the reading relates to a meal (glucose).
    public var mealRelation: MealRelation?
    /// The body position during the reading (blood pressure).
    public var bodyPosition: BodyPosition?
    /// Flags the device raised, for example `irregular_pulse`; kept as sent.
    public var measurementStatus: [String]?
    /// The user slot (0–255) on a multi-user device.
    public var userIndex: Int?
    /// Where the reading sits relative to a dialysis session.
    public var dialysisPhase: DialysisPhase?
    /// Where a sample was taken, for example `finger`; free text.
    public var sampleSite: String?

    /// A context with any of its fields.
    public init(
        mealRelation: MealRelation? = nil,
        bodyPosition: BodyPosition? = nil,
        measurementStatus: [String]? = nil,
        userIndex: Int? = nil,
        dialysisPhase: DialysisPhase? = nil,
        sampleSite: String? = nil
    ) {
        self.mealRelation = mealRelation
        self.bodyPosition = bodyPosition
        self.measurementStatus = measurementStatus
        self.userIndex = userIndex
        self.dialysisPhase = dialysisPhase
        self.sampleSite = sampleSite
    }

    /// True when no field is set (the hub stores no context then).
    public var isEmpty: Bool {
        mealRelation == nil && bodyPosition == nil && measurementStatus == nil && userIndex == nil
            && dialysisPhase == nil && sampleSite == nil
    }
}

/// How a glucose reading relates to a meal.
public enum MealRelation: String, Sendable, Hashable, Codable, CaseIterable {
    case fasting
    case beforeMeal = "before_meal"
    case afterMeal = "after_meal"
    case bedtime
    case casual
}

/// The body position during a reading.
public enum BodyPosition: String, Sendable, Hashable, Codable, CaseIterable {
    case sitting
    case standing
    case lying
}

/// Where a reading sits relative to a dialysis session.
public enum DialysisPhase: String, Sendable, Hashable, Codable, CaseIterable {
    case pre
    case post
    case intra
    /// Not related to a dialysis session. Named so that it never reads as `Optional.none`.
    case noDialysis = "none"
}
