import Clinical

/// Where the events of the day (FHIR `when` codes) fall on the patient's routine.
///
/// Meals are the routine's meal times unless a meal was logged that day; periods of the day sit between them
/// (morning at breakfast, afternoon halfway from lunch to dinner, evening at dinner, night at bedtime). Product
/// choices for placing a reminder, not clinical values.
enum EventClock {
    /// The slot and wall-clock time of each dose an event gives (three for "every meal"), offset applied.
    static func times(of event: EventTiming, offset: Int, routine: DailyRoutine, meals: [Meal: LocalTime])
        -> [(String, LocalTime)]
    {
        func meal(_ kind: Meal, _ usual: LocalTime) -> Int { (meals[kind] ?? usual).minutesSinceMidnight }
        let breakfast = meal(.breakfast, routine.breakfast)
        let lunch = meal(.lunch, routine.lunch)
        let dinner = meal(.dinner, routine.dinner)
        let wake = routine.wake.minutesSinceMidnight
        let bed = routine.bed.minutesSinceMidnight
        let shift = event.offsetIsBefore ? -offset : offset
        func at(_ minutes: Int, _ slot: String = event.rawValue) -> (String, LocalTime) {
            (slot, LocalTime(wallClockMinutes: minutes + shift))
        }
        switch event.meal {
        case .anyMeal:
            return [
                at(breakfast, "\(event.rawValue)@breakfast"), at(lunch, "\(event.rawValue)@lunch"),
                at(dinner, "\(event.rawValue)@dinner"),
            ]
        case .breakfast: return [at(breakfast)]
        case .lunch: return [at(lunch)]
        case .dinner: return [at(dinner)]
        case nil: break
        }
        let minutes: Int =
            switch event {
            case .wake, .afterSleep, .earlyMorning: wake
            case .morning: breakfast
            case .lateMorning: (breakfast + lunch) / 2
            case .noon: 12 * 60
            case .earlyAfternoon: lunch + 60
            case .afternoon: (lunch + dinner) / 2
            case .lateAfternoon: dinner - 60
            case .earlyEvening: dinner - 30
            case .evening: dinner
            case .lateEvening: (dinner + bed) / 2
            case .night, .bedtime: bed
            default: breakfast
            }
        return [at(minutes)]
    }
}
