/// The patient's usual day: when she wakes, eats and goes to bed, in her profile's time zone.
///
/// Medication doses timed by events (before breakfast, at bedtime) are placed on these times. The defaults, used
/// when the profile has no routine, are a common day (product choice, not a clinical value): wake 07:00, breakfast
/// 07:30, lunch 12:30, dinner 19:00, bed 22:30.
public struct DailyRoutine: Sendable, Hashable, Codable {
    public var wake: LocalTime
    public var breakfast: LocalTime
    public var lunch: LocalTime
    public var dinner: LocalTime
    public var bed: LocalTime

    /// A routine from its times.
    public init(wake: LocalTime, breakfast: LocalTime, lunch: LocalTime, dinner: LocalTime, bed: LocalTime) {
        self.wake = wake
        self.breakfast = breakfast
        self.lunch = lunch
        self.dinner = dinner
        self.bed = bed
    }

    /// Wake 07:00, breakfast 07:30, lunch 12:30, dinner 19:00, bed 22:30.
    public static let standard = DailyRoutine(
        wake: LocalTime(wallClockMinutes: 7 * 60),
        breakfast: LocalTime(wallClockMinutes: 7 * 60 + 30),
        lunch: LocalTime(wallClockMinutes: 12 * 60 + 30),
        dinner: LocalTime(wallClockMinutes: 19 * 60),
        bed: LocalTime(wallClockMinutes: 22 * 60 + 30)
    )

    /// Checks that the times follow the day's order: wake, breakfast, lunch, dinner, bed.
    public func validate() throws(ProfileFieldError) {
        let ordered: [(String, LocalTime)] = [
            ("wake", wake), ("breakfast", breakfast), ("lunch", lunch), ("dinner", dinner), ("bed", bed),
        ]
        for index in 1..<ordered.count where ordered[index].1 <= ordered[index - 1].1 {
            throw ProfileFieldError(
                field: "routine.\(ordered[index].0)",
                problem: .routineOutOfOrder(earlier: ordered[index - 1].0, later: ordered[index].0)
            )
        }
    }
}
