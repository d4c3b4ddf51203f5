/// An event a dose is timed against: the whole FHIR R4 value set http://hl7.org/fhir/ValueSet/event-timing (HL7 v3
/// TimingEvent codes for meals, sleep and waking, and FHIR's own periods of the day).
public enum EventTiming: String, Sendable, Hashable, Codable, CaseIterable {
    case morning = "MORN"
    case earlyMorning = "MORN.early"
    case lateMorning = "MORN.late"
    case noon = "NOON"
    case afternoon = "AFT"
    case earlyAfternoon = "AFT.early"
    case lateAfternoon = "AFT.late"
    case evening = "EVE"
    case earlyEvening = "EVE.early"
    case lateEvening = "EVE.late"
    case night = "NIGHT"
    case afterSleep = "PHS"
    case bedtime = "HS"
    case wake = "WAKE"
    case meal = "C"
    case breakfast = "CM"
    case lunch = "CD"
    case dinner = "CV"
    case beforeMeal = "AC"
    case beforeBreakfast = "ACM"
    case beforeLunch = "ACD"
    case beforeDinner = "ACV"
    case afterMeal = "PC"
    case afterBreakfast = "PCM"
    case afterLunch = "PCD"
    case afterDinner = "PCV"

    /// Which way an offset goes from the event: AC* before, every other code after (FHIR `Timing.repeat.offset`:
    /// "if the event code does not indicate whether the minutes is before or after the event, then the offset is
    /// assumed to be after the event").
    public var offsetIsBefore: Bool {
        switch self {
        case .beforeMeal, .beforeBreakfast, .beforeLunch, .beforeDinner: true
        default: false
        }
    }

    /// True for the events an offset from makes sense: before or after meals, sleep, waking and noon. FHIR's
    /// invariant tim-9 refuses an offset with C, CM, CD and CV; a stretch of the day such as "the morning" has no
    /// instant to count minutes from.
    public var acceptsOffset: Bool {
        switch self {
        case .morning, .earlyMorning, .lateMorning, .afternoon, .earlyAfternoon, .lateAfternoon, .evening,
            .earlyEvening, .lateEvening, .night, .meal, .breakfast, .lunch, .dinner:
            false
        default: true
        }
    }

    /// The meal the event refers to (`anyMeal` for every meal), nil for events that are not about a meal.
    public var meal: MealEvent? {
        switch self {
        case .meal, .beforeMeal, .afterMeal: .anyMeal
        case .breakfast, .beforeBreakfast, .afterBreakfast: .breakfast
        case .lunch, .beforeLunch, .afterLunch: .lunch
        case .dinner, .beforeDinner, .afterDinner: .dinner
        default: nil
        }
    }

    /// The codes, for an error that lists what is accepted.
    public static let codes = allCases.map(\.rawValue).joined(separator: ", ")
}

/// The meal an event code refers to.
public enum MealEvent: Sendable, Hashable {
    case anyMeal, breakfast, lunch, dinner
}
