/// One reason a patient of the list needs a call, with the sentence the clinician reads.
public struct PatientFlag: Sendable, Equatable {
    /// What is flagged; the list sorts and filters by it.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case weightGain = "weight-gain"
        case potassium
        case bloodPressure = "blood-pressure"
        case symptoms
        case missedDoses = "missed-doses"
        case noRecentData = "no-recent-data"
    }

    public var kind: Kind
    /// What was seen and against which limit, for people ("Gain 3.2 kg, 4.5 % of the last post-dialysis weight …").
    public var text: String

    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }
}
