/// The weight gained between two dialysis sessions: this session's pre weight minus the previous session's post
/// weight (nutrition.md §2.7).
public struct InterdialyticGain: Sendable, Hashable, Codable {
    /// The session whose pre-dialysis weight ends the interval.
    public var session: SessionOccurrence
    /// The session whose post-dialysis weight starts the interval.
    public var previousSession: SessionOccurrence
    /// This session's pre-dialysis weight.
    public var preWeight: TaggedWeight
    /// The previous session's post-dialysis weight.
    public var previousPostWeight: TaggedWeight
    /// The dry weight the percentage refers to, in kg; nil when none is set.
    public var dryWeightKilograms: Double?

    /// The gain in kg (negative when weight was lost).
    public var kilograms: Double {
        preWeight.kilograms - previousPostWeight.kilograms
    }

    /// The gain in % of the dry weight; nil without a dry weight.
    public var percentOfDryWeight: Double? {
        guard let dryWeightKilograms, dryWeightKilograms > 0 else { return nil }
        return kilograms / dryWeightKilograms * 100
    }

    /// Hours from the previous post weight to this pre weight.
    public var hours: Double {
        Double(preWeight.epochMilliseconds - previousPostWeight.epochMilliseconds) / 3_600_000
    }

    /// Calendar days between the two sessions: 2 between mid-week sessions, 3 over the long (weekend) interval.
    public var days: Int {
        session.date.daysSinceEpoch - previousSession.date.daysSinceEpoch
    }
}
