import ArgumentParser
import Foundation
import HubCore
import HubStore

/// `kidneyhub profile show|set`.
struct Profile: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The patient profile: who the numbers belong to.",
        subcommands: [Show.self, SetFields.self],
        defaultSubcommand: Show.self
    )

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print a profile, with the age derived.")
        @OptionGroup var store: StoreOptions
        @Option(help: "The profile (needed when the store holds several).") var profile: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let stored = try await openStoreForReading(store).selectProfile(named: profile)
            let person = stored.profile
            let age = person.age(on: today(in: person))
            if json {
                struct Listing: Encodable {
                    var id: Int64
                    var age: Int?
                    var profile: PatientProfile
                    var createdAt: String
                    var updatedAt: String
                }
                try printJSON(
                    Listing(
                        id: stored.id,
                        age: age,
                        profile: person,
                        createdAt: formatInstant(stored.createdAtMs),
                        updatedAt: formatInstant(stored.updatedAtMs)
                    )
                )
                return
            }
            let units = person.displayUnits
            let lines: [(String, String)] = [
                ("name", person.name),
                ("date of birth", person.dateOfBirth.map { "\($0) (age \(age ?? 0))" } ?? "-"),
                ("sex at birth", person.sexAtBirth?.rawValue ?? "-"),
                ("height", person.heightCentimeters.map { "\(number($0)) cm" } ?? "-"),
                ("disease category", person.diseaseCategory?.rawValue ?? "-"),
                ("dialysis schedule", person.dialysisSchedule.map(scheduleText) ?? "-"),
                ("dry weight", person.dryWeightKilograms.map { "\(number($0)) kg" } ?? "-"),
                ("diabetes", person.diabetes?.rawValue ?? "-"),
                ("display units", "\(units.weight.rawValue), \(units.fluid.rawValue), \(units.glucose.rawValue)"),
                ("time zone", person.timeZoneIdentifier),
            ]
            printTable(["FIELD", "VALUE"], lines.map { [$0.0, $0.1] })
        }
    }

    struct SetFields: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Create a profile or change the given fields of one.",
            discussion: """
                With --profile NAME, changes that profile, or creates it when no profile has that name. Without it, \
                changes the store's only profile, or creates the first one (then --name is needed). Only the options \
                given change. The terms must be accepted first (`kidneyhub terms accept`).
                """
        )
        @OptionGroup var store: StoreOptions
        @Option(help: "The profile to change or create (needed when the store holds several).") var profile: String?
        @Option(help: "The name (renames an existing profile).") var name: String?
        @Option(help: ArgumentHelp("Date of birth.", valueName: "YYYY-MM-DD")) var birthDate: String?
        @Option(help: ArgumentHelp("Sex at birth (CKD-EPI needs it).", valueName: "female|male")) var sex: String?
        @Option(help: ArgumentHelp("Height in cm.", valueName: "CM")) var height: Double?
        @Option(
            help: ArgumentHelp(
                "Disease category: \(DiseaseCategory.acceptedWords.joined(separator: ", ")).",
                valueName: "CATEGORY"
            )
        )
        var category: String?
        @Option(
            help: ArgumentHelp(
                "Hemodialysis sessions: weekdays and times, groups separated by ';'.",
                valueName: "\"tue,thu,sat 08:00-12:00\""
            )
        )
        var schedule: String?
        @Option(help: ArgumentHelp("Dry (target) weight in kg.", valueName: "KG")) var dryWeight: Double?
        @Option(help: ArgumentHelp("Diabetes.", valueName: "none|type_1|type_2")) var diabetes: String?
        @Option(help: ArgumentHelp("IANA time zone (default: the system's).", valueName: "Europe/Berlin"))
        var timeZone: String?
        @Option(help: ArgumentHelp("Weight display unit.", valueName: "kg|lb")) var weightUnit: String?
        @Option(help: ArgumentHelp("Fluid display unit.", valueName: "mL|fl_oz")) var fluidUnit: String?
        @Option(help: ArgumentHelp("Glucose display unit.", valueName: "mg/dL|mmol/L")) var glucoseUnit: String?

        func run() async throws {
            let database = try openStoreForWriting(store)
            try await database.requireCurrentTerms()
            let all = try await database.profiles()
            let existing: StoredProfile?
            if let profile {
                existing = all.first { $0.name.lowercased() == profile.lowercased() }
            } else if all.count > 1 {
                throw PatientRecordError.profileNotChosen(known: all.map(\.name))
            } else {
                existing = all.first
            }
            guard let newName = existing?.name ?? name ?? profile else {
                throw CommandFailure("the store has no profile yet: give the new profile a name with --name NAME")
            }
            var person =
                existing?.profile
                ?? PatientProfile(name: newName, timeZoneIdentifier: TimeZone.current.identifier)
            var problems = apply(to: &person)
            problems += person.validationErrors(today: today(in: person)).map {
                "\(optionName($0.field)): \($0.reason)"
            }
            guard problems.isEmpty else {
                throw CommandFailure(
                    "the profile was not saved:\n" + problems.map { "  \($0)" }.joined(separator: "\n")
                )
            }
            let saved = try await database.saveProfile(person, id: existing?.id, atMs: currentEpochMilliseconds())
            print("\(existing == nil ? "Created" : "Updated") profile '\(saved.name)'.")
        }

        /// Sets every given option on the profile; returns the options that could not be read.
        private func apply(to person: inout PatientProfile) -> [String] {
            var problems: [String] = []
            func read<T>(_ option: String, _ parse: () throws -> T) -> T? {
                do { return try parse() } catch let error as ProfileFieldError {
                    problems.append("\(option): \(error.reason)")
                } catch {
                    problems.append("\(option): \(error)")
                }
                return nil
            }
            if let name { person.name = name }
            if let birthDate, let date = read("--birth-date", { try CalendarDate(parsing: birthDate) }) {
                person.dateOfBirth = date
            }
            if let sex, let value = read("--sex", { try SexAtBirth(profileField: "sexAtBirth", text: sex) }) {
                person.sexAtBirth = value
            }
            if let height { person.heightCentimeters = height }
            if let category,
                let value = read("--category", { try DiseaseCategory(profileField: "diseaseCategory", text: category) })
            {
                person.diseaseCategory = value
            }
            if let schedule, let value = read("--schedule", { try parseSchedule(schedule) }) {
                person.dialysisSchedule = value
            }
            if let dryWeight { person.dryWeightKilograms = dryWeight }
            if let diabetes,
                let value = read("--diabetes", { try DiabetesStatus(profileField: "diabetes", text: diabetes) })
            {
                person.diabetes = value
            }
            if let timeZone { person.timeZoneIdentifier = timeZone }
            if let weightUnit,
                let value = read("--weight-unit", { try WeightDisplayUnit(profileField: "weight", text: weightUnit) })
            {
                person.displayUnits.weight = value
            }
            if let fluidUnit,
                let value = read(
                    "--fluid-unit",
                    {
                        try FluidDisplayUnit(
                            profileField: "fluid",
                            text: fluidUnit.replacingOccurrences(of: "_", with: " ")
                        )
                    }
                )
            {
                person.displayUnits.fluid = value
            }
            if let glucoseUnit,
                let value = read(
                    "--glucose-unit",
                    { try GlucoseDisplayUnit(profileField: "glucose", text: glucoseUnit) }
                )
            {
                person.displayUnits.glucose = value
            }
            return problems
        }
    }
}

/// The option that sets a profile field, for error messages ("--height" for `heightCentimeters`).
private func optionName(_ field: String) -> String {
    let options = [
        "name": "--name", "dateOfBirth": "--birth-date", "heightCentimeters": "--height",
        "dialysisSchedule": "--schedule", "dryWeightKilograms": "--dry-weight", "timeZoneIdentifier": "--time-zone",
    ]
    let head = String(field.prefix { $0 != "." && $0 != "[" })
    guard let option = options[head] else { return field }
    return head == field ? option : "\(option) (\(field))"
}

/// Reads "tue,thu,sat 08:00-12:00", groups separated by ';' ("mon,wed 08:00-12:00; fri 13:00-17:00").
private func parseSchedule(_ text: String) throws -> DialysisSchedule {
    struct ScheduleError: Error, CustomStringConvertible { var description: String }
    var sessions: [DialysisSession] = []
    for group in text.split(separator: ";") {
        let parts = group.split(separator: " ", omittingEmptySubsequences: true)
        let times = parts.count == 2 ? parts[1].split(separator: "-") : []
        guard times.count == 2 else {
            throw ScheduleError(
                description: "'\(group.trimmingCharacters(in: .whitespaces))' is not WEEKDAYS HH:MM-HH:MM "
                    + "(e.g. tue,thu,sat 08:00-12:00)"
            )
        }
        let start: LocalTime
        let end: LocalTime
        do {
            start = try LocalTime(parsing: String(times[0]))
            end = try LocalTime(parsing: String(times[1]))
        } catch {
            throw ScheduleError(description: error.description)
        }
        for word in parts[0].split(separator: ",") {
            let key = word.lowercased()
            guard key.count >= 3, let day = Weekday.allCases.first(where: { $0.rawValue.hasPrefix(key) }) else {
                throw ScheduleError(
                    description: "unknown weekday '\(word)' (accepted: mon, tue, wed, thu, fri, sat, sun)"
                )
            }
            sessions.append(DialysisSession(weekday: day, start: start, end: end))
        }
    }
    return DialysisSchedule(sessions: sessions)
}

/// "Tue 08:00–12:00, Thu 08:00–12:00".
private func scheduleText(_ schedule: DialysisSchedule) -> String {
    schedule.weekdays.flatMap { schedule.sessions(on: $0) }.map(\.description).joined(separator: ", ")
}

/// Today in the profile's time zone (UTC when the zone is unknown).
func today(in person: PatientProfile) -> CalendarDate {
    (try? person.localDate(at: currentEpochMilliseconds()))
        ?? CalendarDate(daysSinceEpoch: Int(currentEpochMilliseconds() / 86_400_000))
}

/// A number without a trailing ".0".
private func number(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
}
