/// What a reward is for: a goal met for a period, a streak of periods met, or a trend toward the target.
public enum Achievement: Sendable, Hashable, Codable {
    /// The goal was met for the period.
    case met
    /// The goal was met for this many periods in a row, ending with this one.
    case streak(Int)
    /// The period's value moved toward the target compared with the period before (blood pressure, labs, weight).
    case improving

    /// The third part of a reward's key: `met`, `streak-7`, `improving`.
    public var key: String {
        switch self {
        case .met: "met"
        case .streak(let count): "streak-\(count)"
        case .improving: "improving"
        }
    }

    /// The achievement a reward's key names; nil for a key this build does not know.
    public init?(key: String) {
        switch key {
        case "met": self = .met
        case "improving": self = .improving
        default:
            guard key.hasPrefix("streak-"), let count = Int(key.dropFirst("streak-".count)) else { return nil }
            self = .streak(count)
        }
    }
}
