import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import Imaging

/// What is wrong with a profile change: where (an input, a profile field, the avatar file) and why.
public struct ProfileProblem: Sendable, CustomStringConvertible {
    /// Where the problem is.
    public enum Source: Sendable, Equatable {
        /// A text input that could not be read.
        case input(ProfileChanges.Input)
        /// A profile field that breaks its limits (its path, e.g. `heightCentimeters`).
        case field(String)
        /// The avatar image file at this path.
        case avatar(String)
    }

    /// Where.
    public var source: Source
    /// Why, and what is accepted.
    public var reason: String
    /// The same as data when the profile's check gave it (a front end in another language writes its own words).
    public var problem: ProfileFieldError.Problem? = nil

    public var description: String { "\(source): \(reason)" }
}

/// Why a profile was not saved or shown; each case names the profile.
public enum ProfileError: Error, Sendable, CustomStringConvertible {
    /// No profile has this name and creating one was not asked for (a mistyped name must not start a record).
    case unknownProfileWithoutCreate(String, known: [String])
    /// The store has no profile and the change gives no name for the first one.
    case nameNeeded
    /// Inputs or fields are invalid; nothing was saved.
    case notSaved([ProfileProblem])
    /// The profile has no avatar.
    case noAvatar(profile: String)

    public var description: String {
        switch self {
        case .unknownProfileWithoutCreate(let name, let known):
            "no profile named '\(name)' (profiles: \(known.joined(separator: ", ")))"
        case .nameNeeded: "the store has no profile yet: give the new profile a name"
        case .notSaved(let problems):
            "the profile was not saved: \(problems.map(\.description).joined(separator: "; "))"
        case .noAvatar(let profile): "profile '\(profile)' has no avatar"
        }
    }
}

/// The changes asked of a profile: every field given as typed (nil: unchanged).
public struct ProfileChanges: Sendable {
    /// An input given as text and read by the service.
    public enum Input: String, Sendable, Equatable {
        case birthDate, sex, category, schedule, diabetes, weightUnit, fluidUnit, glucoseUnit
    }

    /// The profile to change or create (nil: the store's only one, or the first).
    public var profile: String?
    /// Create the profile named by `profile` when the store holds others.
    public var create = false
    /// The name (renames an existing profile).
    public var name: String?
    /// `YYYY-MM-DD`.
    public var birthDate: String?
    /// `female` or `male`.
    public var sex: String?
    /// Height in cm.
    public var heightCentimeters: Double?
    /// A `DiseaseCategory` word.
    public var category: String?
    /// "tue,thu,sat 08:00-12:00", groups separated by ';'.
    public var schedule: String?
    /// Dry (target) weight in kg.
    public var dryWeightKilograms: Double?
    /// `none`, `type_1` or `type_2`.
    public var diabetes: String?
    /// Diabetic diet goals agreed with the care team, in words.
    public var dietGoals: String?
    /// Carbohydrate per main meal, g (a diabetic diet goal).
    public var carbohydrateGramsPerMeal: Double?
    /// Individual HbA1c target, % (a diabetic diet goal).
    public var hba1cTargetPercent: Double?
    /// An IANA time zone.
    public var timeZone: String?
    /// `kg` or `lb`.
    public var weightUnit: String?
    /// `mL` or `fl_oz`.
    public var fluidUnit: String?
    /// `mg/dL` or `mmol/L`.
    public var glucoseUnit: String?
    /// An image file for the avatar; a thumbnail is stored.
    public var avatarPath: String?

    /// No change yet.
    public init() {}
}

/// The patient profiles: showing, creating and changing one, its avatar.
public struct ProfileService: Sendable {
    let app: HubApplication

    /// The longest side of a stored avatar thumbnail, in pixels.
    public static let avatarSide = 128

    /// A profile as shown: its record, its avatar, the age today.
    public struct View: Sendable {
        /// The stored profile.
        public var stored: StoredProfile
        /// Its avatar, when one is set.
        public var avatar: StoredAvatar?
        /// The age in whole years today on the profile's clock, when the date of birth is set.
        public var age: Int?
    }

    /// Every profile in the store, by name.
    public func list() async throws(PatientRecordError) -> [StoredProfile] {
        try await app.store.profiles()
    }

    /// The profile named `name` (letter case ignored), or the store's only one.
    public func select(_ name: String?) async throws(PatientRecordError) -> StoredProfile {
        try await app.store.selectProfile(named: name)
    }

    /// The profile with its avatar and its age today.
    public func show(_ name: String?) async throws -> View {
        let stored = try await app.store.selectProfile(named: name)
        let avatar = try await app.store.avatar(profileId: stored.id)
        return View(stored: stored, avatar: avatar, age: stored.profile.age(on: today(in: stored.profile)))
    }

    /// The profile's avatar thumbnail.
    public func avatar(_ name: String?) async throws -> (StoredProfile, StoredAvatar) {
        let stored = try await app.store.selectProfile(named: name)
        guard let avatar = try await app.store.avatar(profileId: stored.id) else {
            throw ProfileError.noAvatar(profile: stored.name)
        }
        return (stored, avatar)
    }

    /// Today in the profile's time zone (UTC when the zone is unknown).
    public func today(in person: PatientProfile) -> CalendarDate {
        (try? person.localDate(at: app.now())) ?? CalendarDate(daysSinceEpoch: Int(app.now() / 86_400_000))
    }

    /// Creates a profile or changes the given fields of one (and its avatar), all or nothing; returns the saved
    /// profile and whether it was created. Needs the terms accepted.
    public func save(_ changes: ProfileChanges) async throws -> (saved: StoredProfile, created: Bool) {
        try await app.terms.requireAccepted()
        let all = try await app.store.profiles()
        let existing: StoredProfile?
        if let profile = changes.profile {
            existing = all.first { $0.name.lowercased() == profile.lowercased() }
            // A mistyped name must not quietly start a second person's record.
            if existing == nil, !all.isEmpty, !changes.create {
                throw ProfileError.unknownProfileWithoutCreate(profile, known: all.map(\.name))
            }
        } else if all.count > 1 {
            throw PatientRecordError.profileNotChosen(known: all.map(\.name))
        } else {
            existing = all.first
        }
        guard let newName = existing?.name ?? changes.name ?? changes.profile else { throw ProfileError.nameNeeded }
        var person =
            existing?.profile
            ?? PatientProfile(name: newName, timeZoneIdentifier: TimeZone.current.identifier)
        var problems = Self.apply(changes, to: &person)
        problems += person.validationErrors(today: today(in: person)).map {
            ProfileProblem(source: .field($0.field), reason: $0.reason, problem: $0.problem)
        }
        var thumbnail: (Thumbnail, bytes: Int)?
        if let path = changes.avatarPath {
            switch Self.avatarThumbnail(path) {
            case .success(let made): thumbnail = made
            case .failure(let problem): problems.append(ProfileProblem(source: .avatar(path), reason: problem.reason))
            }
        }
        guard problems.isEmpty else { throw ProfileError.notSaved(problems) }
        let now = app.now()
        var newAvatar: StoredAvatar?
        if let path = changes.avatarPath, let (image, bytes) = thumbnail {
            newAvatar = StoredAvatar(
                profileId: existing?.id ?? 0,  // set by the store once the profile has its id
                thumbnailPNG: image.png,
                width: image.width,
                height: image.height,
                originalFileName: URL(fileURLWithPath: path).lastPathComponent,
                originalBytes: bytes,
                storedAtMs: now
            )
        }
        let saved = try await app.store.saveProfile(person, id: existing?.id, atMs: now, avatar: newAvatar)
        return (saved, existing == nil)
    }

    /// Sets every given field on the profile; returns the inputs that could not be read.
    static func apply(_ changes: ProfileChanges, to person: inout PatientProfile) -> [ProfileProblem] {
        var problems: [ProfileProblem] = []
        func read<T>(_ input: ProfileChanges.Input, _ parse: () throws -> T) -> T? {
            do { return try parse() } catch let error as ProfileFieldError {
                problems.append(ProfileProblem(source: .input(input), reason: error.reason, problem: error.problem))
            } catch {
                problems.append(ProfileProblem(source: .input(input), reason: "\(error)"))
            }
            return nil
        }
        if let name = changes.name { person.name = name }
        if let birthDate = changes.birthDate, let date = read(.birthDate, { try CalendarDate(parsing: birthDate) }) {
            person.dateOfBirth = date
        }
        if let sex = changes.sex, let value = read(.sex, { try SexAtBirth(profileField: "sexAtBirth", text: sex) }) {
            person.sexAtBirth = value
        }
        if let height = changes.heightCentimeters { person.heightCentimeters = height }
        if changes.dietGoals != nil || changes.carbohydrateGramsPerMeal != nil || changes.hba1cTargetPercent != nil {
            var goals = person.diabeticDietGoals ?? DiabeticDietGoals()
            if let notes = changes.dietGoals { goals.notes = notes }
            if let carbs = changes.carbohydrateGramsPerMeal { goals.carbohydrateGramsPerMeal = carbs }
            if let target = changes.hba1cTargetPercent { goals.hba1cTargetPercent = target }
            person.diabeticDietGoals = goals
        }
        if let category = changes.category,
            let value = read(.category, { try DiseaseCategory(profileField: "diseaseCategory", text: category) })
        {
            person.diseaseCategory = value
        }
        if let schedule = changes.schedule, let value = read(.schedule, { try parseSchedule(schedule) }) {
            person.dialysisSchedule = value
        }
        if let dryWeight = changes.dryWeightKilograms { person.dryWeightKilograms = dryWeight }
        if let diabetes = changes.diabetes,
            let value = read(.diabetes, { try DiabetesStatus(profileField: "diabetes", text: diabetes) })
        {
            person.diabetes = value
        }
        if let timeZone = changes.timeZone { person.timeZoneIdentifier = timeZone }
        if let unit = changes.weightUnit,
            let value = read(.weightUnit, { try WeightDisplayUnit(profileField: "weight", text: unit) })
        {
            person.displayUnits.weight = value
        }
        if let unit = changes.fluidUnit,
            let value = read(
                .fluidUnit,
                { try FluidDisplayUnit(profileField: "fluid", text: unit.replacingOccurrences(of: "_", with: " ")) }
            )
        {
            person.displayUnits.fluid = value
        }
        if let unit = changes.glucoseUnit,
            let value = read(.glucoseUnit, { try GlucoseDisplayUnit(profileField: "glucose", text: unit) })
        {
            person.displayUnits.glucose = value
        }
        return problems
    }

    /// Why an avatar file was refused.
    struct AvatarProblem: Error { var reason: String }

    /// Reads and decodes the avatar file and makes its thumbnail; the thumbnail and the file's size, or the reason.
    static func avatarThumbnail(_ path: String) -> Result<(Thumbnail, bytes: Int), AvatarProblem> {
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            guard (attributes[.type] as? FileAttributeType) != .typeDirectory else {
                return .failure(AvatarProblem(reason: "is a directory, not an image file"))
            }
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            return .failure(AvatarProblem(reason: "the file cannot be read (no such file or no permission)"))
        }
        if size > Thumbnailer.maximumInputBytes {
            return .failure(
                AvatarProblem(
                    reason: ImageError.tooLarge(bytes: size, limit: Thumbnailer.maximumInputBytes).description
                )
            )
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(AvatarProblem(reason: "the file cannot be read"))
        }
        do {
            return .success((try Thumbnailer.thumbnail(of: data, maxSide: avatarSide), bytes: data.count))
        } catch {
            return .failure(AvatarProblem(reason: error.description))
        }
    }

    /// Reads "tue,thu,sat 08:00-12:00", groups separated by ';' ("mon,wed 08:00-12:00; fri 13:00-17:00").
    static func parseSchedule(_ text: String) throws -> DialysisSchedule {
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
}

extension HubApplication {
    /// The patient profiles.
    public var profiles: ProfileService { ProfileService(app: self) }
}
