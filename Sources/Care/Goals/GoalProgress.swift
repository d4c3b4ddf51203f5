/// A goal's progress in one window, computed from the data (never stored).
public struct GoalProgress: Sendable, Hashable, Codable {
    /// Whether the goal is met: nil while there is no data to judge it on.
    public var met: Bool?
    /// How far along, 0–1 (1 when met); nil while there is no data.
    public var fraction: Double?
    /// The value the judgement rests on, in words (`mean 118/76 mm[Hg] over 9 readings`).
    public var detail: String
    /// The number that trend achievements compare between windows (mean systolic, latest lab value); nil if none.
    public var measure: Double?

    /// A progress from its parts.
    public init(met: Bool?, fraction: Double?, detail: String, measure: Double? = nil) {
        self.met = met
        self.fraction = fraction
        self.detail = detail
        self.measure = measure
    }

    /// No data in the window.
    public static let noData = GoalProgress(met: nil, fraction: nil, detail: "no data yet")
}
