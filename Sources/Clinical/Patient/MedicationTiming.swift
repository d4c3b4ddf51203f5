/// When a medication is taken, in structured form; reserved for the medication-schedule issue, optional until then.
///
/// New fields are to be added as optionals so profiles written before them still decode.
public struct MedicationTiming: Sendable, Hashable, Codable {
    /// Local times of day to take a dose, for example 08:00 and 20:00.
    public var timesOfDay: [LocalTime]
    /// The weekdays it is taken on; nil means every day.
    public var weekdays: [Weekday]?
    /// True when it must be taken with meals (phosphate binders, nutrition.md §3.1 rule 5).
    public var withMeals: Bool

    /// A timing with any of its parts.
    public init(timesOfDay: [LocalTime] = [], weekdays: [Weekday]? = nil, withMeals: Bool = false) {
        self.timesOfDay = timesOfDay
        self.weekdays = weekdays
        self.withMeals = withMeals
    }
}
