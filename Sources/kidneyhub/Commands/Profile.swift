import AdapterHost
import ArgumentParser
import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import Imaging

/// `kidneyhub profile show|set|avatar`.
struct Profile: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The patient profile: who the numbers belong to.",
        subcommands: [Show.self, SetFields.self, Avatar.self],
        defaultSubcommand: Show.self
    )

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print a profile, with the age derived.")
        @OptionGroup var store: StoreOptions
        @Option(help: "The profile (needed when the store holds several).") var profile: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let database = try openStoreForReading(store)
            let stored = try await database.selectProfile(named: profile)
            let avatar = try await database.avatar(profileId: stored.id)
            let person = stored.profile
            let age = person.age(on: today(in: person))
            if json {
                struct AvatarListing: Encodable {
                    var width: Int
                    var height: Int
                    var thumbnailBytes: Int
                    var originalFileName: String
                    var originalBytes: Int
                    var storedAt: String
                }
                struct Listing: Encodable {
                    var id: Int64
                    var age: Int?
                    var profile: PatientProfile
                    var avatar: AvatarListing?
                    var createdAt: String
                    var updatedAt: String
                }
                try printJSON(
                    Listing(
                        id: stored.id,
                        age: age,
                        profile: person,
                        avatar: avatar.map {
                            AvatarListing(
                                width: $0.width,
                                height: $0.height,
                                thumbnailBytes: $0.thumbnailPNG.count,
                                originalFileName: $0.originalFileName,
                                originalBytes: $0.originalBytes,
                                storedAt: formatInstant($0.storedAtMs)
                            )
                        },
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
                ("diabetic diet goals", dietGoalsText(person.diabeticDietGoals)),
                ("display units", "\(units.weight.rawValue), \(units.fluid.rawValue), \(units.glucose.rawValue)"),
                ("time zone", person.timeZoneIdentifier),
                ("avatar", avatar.map(avatarText) ?? "-"),
            ]
            printTable(["FIELD", "VALUE"], lines.map { [$0.0, $0.1] })
        }
    }

    struct SetFields: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Create a profile or change the given fields of one.",
            discussion: """
                With --profile NAME, changes that profile; a new name needs --create (a mistyped name must not start \
                a second record), except for the store's first profile. Without it, \
                changes the store's only profile, or creates the first one (then --name is needed). Only the options \
                given change. The terms must be accepted first (`kidneyhub terms accept`).
                """
        )
        @OptionGroup var store: StoreOptions
        @Option(help: "The profile to change or create (needed when the store holds several).") var profile: String?
        @Flag(help: "Create the profile named by --profile when the store holds others.") var create = false
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
        @Option(help: ArgumentHelp("Diabetic diet goals agreed with the care team, in words.", valueName: "TEXT"))
        var dietGoals: String?
        @Option(help: ArgumentHelp("Carbohydrate per main meal (diabetic diet goal).", valueName: "G"))
        var carbsPerMeal: Double?
        @Option(help: ArgumentHelp("Individual HbA1c target (diabetic diet goal).", valueName: "PERCENT"))
        var hba1cTarget: Double?
        @Option(help: ArgumentHelp("IANA time zone (default: the system's).", valueName: "Europe/Berlin"))
        var timeZone: String?
        @Option(help: ArgumentHelp("Weight display unit.", valueName: "kg|lb")) var weightUnit: String?
        @Option(help: ArgumentHelp("Fluid display unit.", valueName: "mL|fl_oz")) var fluidUnit: String?
        @Option(help: ArgumentHelp("Glucose display unit.", valueName: "mg/dL|mmol/L")) var glucoseUnit: String?
        @Option(
            help: ArgumentHelp(
                "An image file for the avatar (PNG, JPEG, WebP, GIF …; at most 20 MB); a small thumbnail is stored.",
                valueName: "FILE"
            )
        )
        var avatar: String?

        func run() async throws {
            let database = try openStoreForWriting(store)
            try await database.requireCurrentTerms()
            let all = try await database.profiles()
            let existing: StoredProfile?
            if let profile {
                existing = all.first { $0.name.lowercased() == profile.lowercased() }
                // A mistyped name must not quietly start a second person's record.
                if existing == nil, !all.isEmpty, !create {
                    throw CommandFailure(
                        "no profile named '\(profile)' (profiles: \(all.map(\.name).joined(separator: ", "))); "
                            + "add --create to make a new profile with that name"
                    )
                }
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
            var thumbnail: (Thumbnail, bytes: Int)?
            if let avatar {
                switch avatarThumbnail(avatar) {
                case .success(let made): thumbnail = made
                case .failure(let problem): problems.append("--avatar \(avatar): \(problem.description)")
                }
            }
            guard problems.isEmpty else {
                throw CommandFailure(
                    "the profile was not saved:\n" + problems.map { "  \($0)" }.joined(separator: "\n")
                )
            }
            let now = currentEpochMilliseconds()
            var newAvatar: StoredAvatar?
            if let avatar, let (image, bytes) = thumbnail {
                newAvatar = StoredAvatar(
                    profileId: existing?.id ?? 0,  // set by the store once the profile has its id
                    thumbnailPNG: image.png,
                    width: image.width,
                    height: image.height,
                    originalFileName: URL(fileURLWithPath: avatar).lastPathComponent,
                    originalBytes: bytes,
                    storedAtMs: now
                )
            }
            let saved = try await database.saveProfile(person, id: existing?.id, atMs: now, avatar: newAvatar)
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
            if dietGoals != nil || carbsPerMeal != nil || hba1cTarget != nil {
                var goals = person.diabeticDietGoals ?? DiabeticDietGoals()
                if let dietGoals { goals.notes = dietGoals }
                if let carbsPerMeal { goals.carbohydrateGramsPerMeal = carbsPerMeal }
                if let hba1cTarget { goals.hba1cTargetPercent = hba1cTarget }
                person.diabeticDietGoals = goals
            }
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

    struct Avatar: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the profile's avatar thumbnail (PNG) to a file."
        )
        @OptionGroup var store: StoreOptions
        @Option(help: "The profile (needed when the store holds several).") var profile: String?
        @Option(help: ArgumentHelp("Where to write the PNG.", valueName: "FILE")) var out: String

        func run() async throws {
            let database = try openStoreForReading(store)
            let stored = try await database.selectProfile(named: profile)
            guard let avatar = try await database.avatar(profileId: stored.id) else {
                throw CommandFailure(
                    "profile '\(stored.name)' has no avatar: set one with `kidneyhub profile set --avatar FILE`"
                )
            }
            do {
                try avatar.thumbnailPNG.write(to: URL(fileURLWithPath: out))
            } catch {
                throw CommandFailure("could not write \(out): \(error.localizedDescription)")
            }
            print("Wrote the \(avatar.width)×\(avatar.height) avatar of '\(stored.name)' to \(out).")
        }
    }
}

/// The longest side of a stored avatar thumbnail, in pixels.
private let avatarSide = 128

/// Why an avatar file was refused.
private struct AvatarProblem: Error, CustomStringConvertible { var description: String }

/// Reads and decodes the avatar file and makes its thumbnail; the thumbnail and the file's size, or the reason.
private func avatarThumbnail(_ path: String) -> Result<(Thumbnail, bytes: Int), AvatarProblem> {
    let size: Int
    do {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        guard (attributes[.type] as? FileAttributeType) != .typeDirectory else {
            return .failure(AvatarProblem(description: "is a directory, not an image file"))
        }
        size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    } catch {
        return .failure(AvatarProblem(description: "the file cannot be read (no such file or no permission)"))
    }
    if size > Thumbnailer.maximumInputBytes {
        return .failure(
            AvatarProblem(
                description: ImageError.tooLarge(bytes: size, limit: Thumbnailer.maximumInputBytes).description
            )
        )
    }
    guard let data = FileManager.default.contents(atPath: path) else {
        return .failure(AvatarProblem(description: "the file cannot be read"))
    }
    do {
        return .success((try Thumbnailer.thumbnail(of: data, maxSide: avatarSide), bytes: data.count))
    } catch {
        return .failure(AvatarProblem(description: error.description))
    }
}

/// "128×96 px thumbnail of photo.jpg (2.1 MB)".
private func avatarText(_ avatar: StoredAvatar) -> String {
    let size =
        avatar.originalBytes >= 1_048_576
        ? String(format: "%.1f MB", Double(avatar.originalBytes) / 1_048_576)
        : avatar.originalBytes >= 1024
            ? String(format: "%.0f kB", Double(avatar.originalBytes) / 1024) : "\(avatar.originalBytes) bytes"
    return "\(avatar.width)×\(avatar.height) px thumbnail of \(avatar.originalFileName) (\(size))"
}

/// "45 g carbs per meal; 45 g carbohydrate a meal; HbA1c ≤ 7 %", or "-".
private func dietGoalsText(_ goals: DiabeticDietGoals?) -> String {
    guard let goals else { return "-" }
    var parts = goals.notes.isEmpty ? [] : [goals.notes]
    if let carbs = goals.carbohydrateGramsPerMeal { parts.append("\(carbs.formatted()) g carbohydrate a meal") }
    if let target = goals.hba1cTargetPercent { parts.append("HbA1c ≤ \(target.formatted()) %") }
    return parts.isEmpty ? "-" : parts.joined(separator: "; ")
}

/// The option that sets a profile field, for error messages ("--height" for `heightCentimeters`).
private func optionName(_ field: String) -> String {
    let nested = [
        "diabeticDietGoals.notes": "--diet-goals", "diabeticDietGoals.carbohydrateGramsPerMeal": "--carbs-per-meal",
        "diabeticDietGoals.hba1cTargetPercent": "--hba1c-target",
    ]
    if let option = nested[field] { return option }
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
