import Clinical

/// When doses are taken: FHIR R4 `Timing.repeat`, every element.
///
/// `frequency` times per `period` `periodUnit` (with optional upper bounds `frequencyMax`, `periodMax`), on
/// `dayOfWeek`, at `timeOfDay` or at the events `when` shifted by `offset` minutes, each dose lasting `duration`
/// (to `durationMax`) `durationUnit`, `count` (to `countMax`) times in all, within `bounds`.
public struct TimingRepeat: Sendable, Hashable, Codable {
    public var frequency: Int?
    public var frequencyMax: Int?
    public var period: Double?
    public var periodMax: Double?
    public var periodUnit: TimingUnit?
    /// The weekdays it is taken on; empty means every day.
    public var dayOfWeek: [Weekday]
    /// Wall-clock times of day (the profile's zone); FHIR allows these or `when`, not both.
    public var timeOfDay: [LocalTime]
    /// Events of the day (meals, sleep, waking …).
    public var when: [EventTiming]
    /// Minutes from each event in `when`: before for AC* codes, after for the others.
    public var offset: Int?
    public var count: Int?
    public var countMax: Int?
    public var duration: Double?
    public var durationMax: Double?
    public var durationUnit: TimingUnit?
    /// The whole course: dates, or a length from the first dose.
    public var bounds: TimingBounds?

    /// A timing with any of its parts.
    public init(
        frequency: Int? = nil,
        frequencyMax: Int? = nil,
        period: Double? = nil,
        periodMax: Double? = nil,
        periodUnit: TimingUnit? = nil,
        dayOfWeek: [Weekday] = [],
        timeOfDay: [LocalTime] = [],
        when: [EventTiming] = [],
        offset: Int? = nil,
        count: Int? = nil,
        countMax: Int? = nil,
        duration: Double? = nil,
        durationMax: Double? = nil,
        durationUnit: TimingUnit? = nil,
        bounds: TimingBounds? = nil
    ) {
        self.frequency = frequency
        self.frequencyMax = frequencyMax
        self.period = period
        self.periodMax = periodMax
        self.periodUnit = periodUnit
        self.dayOfWeek = dayOfWeek
        self.timeOfDay = timeOfDay
        self.when = when
        self.offset = offset
        self.count = count
        self.countMax = countMax
        self.duration = duration
        self.durationMax = durationMax
        self.durationUnit = durationUnit
        self.bounds = bounds
    }

    /// Once a day: frequency 1 per 1 d.
    public static let daily = TimingRepeat(frequency: 1, period: 1, periodUnit: .day)
}

/// The limits of a whole course (FHIR `boundsPeriod` or `boundsDuration`).
public enum TimingBounds: Sendable, Hashable, Codable {
    /// From a first to a last local date (either may be open).
    case period(start: CalendarDate?, end: CalendarDate?)
    /// A length from the first dose, such as 10 days.
    case duration(Double, TimingUnit)
}
