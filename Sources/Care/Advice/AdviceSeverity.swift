/// How much a piece of advice matters, from a reminder to "contact your care team now".
public enum AdviceSeverity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// A reminder or a teaching point (take the binder with the meal).
    case info
    /// Worth knowing before eating (uses most of what is left today).
    case caution
    /// Do not, or not without asking (over the limit, a drug interaction).
    case warning
    /// Dangerous: avoid completely, or contact the care team now.
    case critical

    private var rank: Int {
        switch self {
        case .info: 0
        case .caution: 1
        case .warning: 2
        case .critical: 3
        }
    }

    public static func < (lhs: AdviceSeverity, rhs: AdviceSeverity) -> Bool { lhs.rank < rhs.rank }
}
