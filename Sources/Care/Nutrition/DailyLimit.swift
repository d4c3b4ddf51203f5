/// One daily limit or goal for a patient, with where it comes from.
public struct DailyLimit: Sendable, Equatable, Codable {
    /// What it limits.
    public var subject: IntakeSubject
    /// Below this is flagged (a protein floor, a drinking goal); nil for none.
    public var minimum: Double?
    /// Above this is flagged; nil for none.
    public var maximum: Double?
    /// The UCUM unit of `minimum` and `maximum`.
    public var unit: String
    /// How it was derived, for example "1.0–1.2 g/kg × 70 kg dry weight".
    public var basis: String
    /// The guideline or care-team decision it comes from.
    public var source: String
    /// True when the care team set it (an override), false for a KidneyHub default.
    public var setByCareTeam: Bool

    /// A limit from its parts.
    public init(
        subject: IntakeSubject,
        minimum: Double? = nil,
        maximum: Double? = nil,
        basis: String,
        source: String,
        setByCareTeam: Bool = false
    ) {
        self.subject = subject
        self.minimum = minimum
        self.maximum = maximum
        self.unit = subject.unit
        self.basis = basis
        self.source = source
        self.setByCareTeam = setByCareTeam
    }

    /// What a day's total leaves before the maximum (negative: over by that much); nil without a maximum.
    public func room(after total: NutrientTotal) -> Double? { maximum.map { $0 - total.value } }

    /// How much a day's total still falls short of the minimum; nil without a minimum or once it is reached.
    public func shortfall(of total: NutrientTotal) -> Double? {
        minimum.flatMap { total.value < $0 ? $0 - total.value : nil }
    }

    /// How a day's total stands against this limit.
    public func status(of total: NutrientTotal) -> LimitStatus {
        if total.isUnknown { return .unknown }
        if let maximum, total.value > maximum { return .over }
        // A lower bound with unknown parts could still reach the minimum: not flagged as under.
        if let minimum, total.value < minimum { return total.isComplete ? .under : .unknown }
        return .within
    }
}

/// How a total stands against a limit.
public enum LimitStatus: String, Sendable, Equatable, Codable {
    case within
    case over
    case under
    case unknown
}

/// A limit the care team set for a patient, replacing KidneyHub's default for that subject.
public struct CareTeamLimit: Sendable, Equatable, Codable {
    /// What it limits.
    public var subject: IntakeSubject
    /// The floor, if any.
    public var minimum: Double?
    /// The ceiling, if any.
    public var maximum: Double?
    /// Who set it and why, for example "Dr Chen, 2026-11-02".
    public var note: String

    /// A care-team limit from its parts.
    public init(subject: IntakeSubject, minimum: Double?, maximum: Double?, note: String) {
        self.subject = subject
        self.minimum = minimum
        self.maximum = maximum
        self.note = note
    }
}
