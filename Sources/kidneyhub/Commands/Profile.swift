import ArgumentParser
import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

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
            let view = try await store.openForReading().profiles.show(profile)
            let (stored, avatar, age) = (view.stored, view.avatar, view.age)
            let person = stored.profile
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
            var changes = ProfileChanges()
            changes.profile = profile
            changes.create = create
            changes.name = name
            changes.birthDate = birthDate
            changes.sex = sex
            changes.heightCentimeters = height
            changes.category = category
            changes.schedule = schedule
            changes.dryWeightKilograms = dryWeight
            changes.diabetes = diabetes
            changes.dietGoals = dietGoals
            changes.carbohydrateGramsPerMeal = carbsPerMeal
            changes.hba1cTargetPercent = hba1cTarget
            changes.timeZone = timeZone
            changes.weightUnit = weightUnit
            changes.fluidUnit = fluidUnit
            changes.glucoseUnit = glucoseUnit
            changes.avatarPath = avatar
            do {
                let (saved, created) = try await store.openForWriting().profiles.save(changes)
                print("\(created ? "Created" : "Updated") profile '\(saved.name)'.")
            } catch ProfileError.unknownProfileWithoutCreate(let name, let known) {
                throw CommandFailure(
                    "no profile named '\(name)' (profiles: \(known.joined(separator: ", "))); "
                        + "add --create to make a new profile with that name"
                )
            } catch ProfileError.nameNeeded {
                throw CommandFailure("the store has no profile yet: give the new profile a name with --name NAME")
            } catch ProfileError.notSaved(let problems) {
                throw CommandFailure(
                    "the profile was not saved:\n" + problems.map { "  \(problemText($0))" }.joined(separator: "\n")
                )
            }
        }

        /// "--height: reason": the option that sets what is wrong, and why.
        private func problemText(_ problem: ProfileProblem) -> String {
            switch problem.source {
            case .input(let input):
                let options: [ProfileChanges.Input: String] = [
                    .birthDate: "--birth-date", .sex: "--sex", .category: "--category", .schedule: "--schedule",
                    .diabetes: "--diabetes", .weightUnit: "--weight-unit", .fluidUnit: "--fluid-unit",
                    .glucoseUnit: "--glucose-unit",
                ]
                return "\(options[input] ?? input.rawValue): \(problem.reason)"
            case .field(let field): return "\(optionName(field)): \(problem.reason)"
            case .avatar(let path): return "--avatar \(path): \(problem.reason)"
            }
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
            let stored: StoredProfile
            let avatar: StoredAvatar
            do {
                (stored, avatar) = try await store.openForReading().profiles.avatar(profile)
            } catch ProfileError.noAvatar(let name) {
                throw CommandFailure(
                    "profile '\(name)' has no avatar: set one with `kidneyhub profile set --avatar FILE`"
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

/// "Tue 08:00–12:00, Thu 08:00–12:00".
private func scheduleText(_ schedule: DialysisSchedule) -> String {
    schedule.weekdays.flatMap { schedule.sessions(on: $0) }.map(\.description).joined(separator: ", ")
}

/// A number without a trailing ".0".
private func number(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
}
