/// A day of the week, Monday first as in ISO 8601.
public enum Weekday: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case monday
    case tuesday
    case wednesday
    case thursday
    case friday
    case saturday
    case sunday

    /// The ISO 8601 number: Monday 1 ... Sunday 7.
    public var isoNumber: Int {
        switch self {
        case .monday: 1
        case .tuesday: 2
        case .wednesday: 3
        case .thursday: 4
        case .friday: 5
        case .saturday: 6
        case .sunday: 7
        }
    }

    /// The three-letter English abbreviation, for example `Tue`.
    public var abbreviation: String {
        String(rawValue.prefix(1).uppercased() + rawValue.dropFirst().prefix(2))
    }

    /// Monday sorts first.
    public static func < (lhs: Weekday, rhs: Weekday) -> Bool {
        lhs.isoNumber < rhs.isoNumber
    }
}
