import Care
import Clinical
import HubCore

/// Why a nutrition, advice, goal or reminder operation was refused; each case names what and, where the person typed
/// it, the option that carried it (the messages are the ones the command line printed before the application layer).
public enum CareServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The shipped food database could not be loaded for its first-use import.
    case foodDatabaseUnavailable(reason: String)
    /// A custom food's fields were refused (each problem named); nothing was stored.
    case foodNotStored(problems: [String])
    /// The profile's time zone is missing or unknown, so its local day cannot be told.
    case timeZone(reason: String)
    /// A portion could not be converted to grams (unknown unit, amount out of range).
    case portion(reason: String)
    /// A meal photo's file cannot be read.
    case imageUnreadable(file: String)
    /// A meal photo's file is not an image the thumbnailer can decode.
    case imageNotDecoded(file: String, reason: String)
    /// The full image could not be copied to the photos folder.
    case imageNotCopied(directory: String, reason: String)
    /// A report card month is not YYYY-MM.
    case month(reason: String)
    /// Goal templates need the profile's disease category.
    case noDiseaseCategory(profile: String)
    /// The fruit-and-vegetable goal is refused by the potassium gate.
    case fruitVegetableGoalRefused(reason: String)
    /// No template of that id is offered to the profile.
    case unknownTemplate(id: String, profile: String, offered: [String])
    /// A goal's target misses a value it needs (the message names the options).
    case incompleteTarget(String)
    /// A value was refused by its validation; nothing was stored.
    case notStored(reason: String)
    /// A goal period is not day, week, month or until:YYYY-MM-DD.
    case period(reason: String)
    /// The profile has no goal of that id.
    case noGoal(id: Int64, profile: String)
    /// The profile has no reminder of that id.
    case noReminder(id: Int64, profile: String)
    /// A medication reminder names a medication the profile does not take.
    case unknownMedication(name: String, profile: String, known: [String])
    /// A reminder needs exactly one subject: a medication or weighing.
    case reminderSubject
    /// A dialysis-days reminder needs the profile's dialysis schedule.
    case noDialysisSchedule(profile: String)
    /// A reminder window is not HH:MM-HH:MM.
    case window(String)
    /// Quiet hours are not HH:MM-HH:MM or off.
    case quietHours(reason: String)

    public var description: String {
        switch self {
        case .foodDatabaseUnavailable(let reason): "cannot load the food database: \(reason)"
        case .foodNotStored(let problems): "not stored: " + problems.joined(separator: "; ")
        case .timeZone(let reason): "\(reason) (fix it with `kidneyhub profile set --time-zone`)"
        case .portion(let reason): reason
        case .imageUnreadable(let file):
            "not stored: \(file): the file cannot be read (no such file or no permission)"
        case .imageNotDecoded(let file, let reason): "not stored: \(file): \(reason)"
        case .imageNotCopied(let directory, let reason): "not stored: cannot copy the image to \(directory): \(reason)"
        case .month(let reason): "--month: \(reason)"
        case .noDiseaseCategory(let profile):
            "profile '\(profile)' has no disease category: set it with `kidneyhub profile set --category`"
        case .fruitVegetableGoalRefused(let reason):
            "not stored: the fruit-and-vegetable goal is not offered: \(reason)"
        case .unknownTemplate(let id, let profile, let offered):
            "no template '\(id)' for profile '\(profile)' (offered: "
                + "\(offered.isEmpty ? "none; set --category on the profile" : offered.joined(separator: ", ")))"
        case .incompleteTarget(let message): message
        case .notStored(let reason): "not stored: \(reason)"
        case .period(let reason): "--\(reason)"
        case .noGoal(let id, let profile): "profile '\(profile)' has no goal #\(id) (see `kidneyhub goals list`)"
        case .noReminder(let id, let profile):
            "profile '\(profile)' has no reminder #\(id) (see `kidneyhub reminders list`)"
        case .unknownMedication(let name, let profile, let known):
            "--medication: profile '\(profile)' has no medication '\(name)' (medications: "
                + "\(known.isEmpty ? "none; add one with `kidneyhub medications add`" : known.joined(separator: ", ")))"
        case .reminderSubject: "give --medication NAME or --weighing (one of them)"
        case .noDialysisSchedule(let profile):
            "--dialysis-days: profile '\(profile)' has no dialysis schedule (`kidneyhub profile set --dialysis-days`)"
        case .window(let text): "--window: '\(text)' is not HH:MM-HH:MM"
        case .quietHours(let reason): "--\(reason)"
        }
    }
}

/// A local day as a person names it: today, yesterday or a date, resolved on the profile's clock.
public enum LocalDayChoice: Sendable, Equatable {
    /// The profile's local today.
    case today
    /// The day before the profile's local today.
    case yesterday
    /// A given date.
    case date(CalendarDate)
}

/// Reads the instant of an entry the person typed, given the profile (its time zone) and now in epoch milliseconds.
public typealias EntryTimeReader = @Sendable (PatientProfile, Int64) throws -> RFC3339Timestamp

extension LocalDayChoice {
    /// The date this choice names on `profile`'s clock at `nowMs`.
    func resolved(profile: PatientProfile, nowMs: Int64) throws(CareServiceError) -> CalendarDate {
        // Today is read even for a given date, so a profile without a usable time zone is refused either way.
        let today: CalendarDate
        do {
            today = try profile.localDate(at: nowMs)
        } catch {
            throw .timeZone(reason: error.reason)
        }
        switch self {
        case .today: return today
        case .yesterday: return CalendarDate(daysSinceEpoch: today.daysSinceEpoch - 1)
        case .date(let date): return date
        }
    }
}
