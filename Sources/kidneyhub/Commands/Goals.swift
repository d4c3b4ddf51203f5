import ArgumentParser
import Care
import CareEngine
import Clinical
import DesktopNotifications
import Foundation
import HubCore
import HubRecords
import HubStore

/// `kidneyhub goals add|list|edit|remove|prioritize|templates`: personal goals with priorities.
struct Goals: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Personal goals: targets with a period and a priority; progress is computed from your data.",
        subcommands: [List.self, Templates.self, Add.self, Edit.self, Remove.self, Prioritize.self],
        defaultSubcommand: List.self
    )

    struct Templates: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The goal templates offered to the profile's disease category, with their sources."
        )
        @OptionGroup var store: StoreOptions
        @Option(help: "The profile (needed when the store holds several).") var profile: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let stored = try await openStoreForReading(store).selectProfile(named: profile)
            guard stored.profile.diseaseCategory != nil else {
                throw CommandFailure(
                    "profile '\(stored.name)' has no disease category: set it with `kidneyhub profile set --category`"
                )
            }
            let database = try openStoreForReading(store)
            let offer = try await offeredTemplates(database, stored, atMs: currentEpochMilliseconds())
            let templates = offer.templates
            if json {
                try printJSON(
                    templates.map {
                        TemplateJSON(
                            id: $0.id,
                            title: $0.title,
                            kind: $0.kind,
                            period: $0.period.description,
                            source: $0.source
                        )
                    }
                )
                return
            }
            printTable(
                ["ID", "GOAL", "PERIOD", "SOURCE"],
                templates.map { [$0.id, $0.title, "\($0.period)", $0.source] }
            )
            if let refusal = offer.fruitVegetableRefusal {
                print("Not offered: \(GoalTemplates.fruitVegetableCups.id) (\(refusal)).")
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a goal from a template (`--template ID`) or with its own target (`--kind ...`).",
            discussion: """
                Kinds and their targets: weight (--low KG --high KG, or --target KG), blood-pressure (--systolic \
                --diastolic), lab (--lab ID --low/--high), egfr-stable (--max-decline), interdialytic-gain \
                (--percent), steps (--steps), intake (--nutrient --min/--max), drink-water (--milliliters), \
                fruit-vegetables (--cups; only while the latest potassium is at most 5.0 mmol/L and at most 90 days \
                old). A template's targets may be adjusted with the same options. Periods: \
                day, week, month, until:YYYY-MM-DD.
                """
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var target: GoalTargetOptions
        @Option(help: "A template id from `kidneyhub goals templates`.") var template: String?
        @Option(help: "1 is the most important; default last.") var priority: Int?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let database = try openStoreForWriting(store)
            try await database.requireCurrentTerms()
            let stored = try await database.selectProfile(named: profile)
            var kind: GoalKind?
            var period = GoalPeriod.day
            let atMs = currentEpochMilliseconds()
            if let template {
                let offer = try await offeredTemplates(database, stored, atMs: atMs)
                let offeredTemplates = offer.templates
                if template == GoalTemplates.fruitVegetableCups.id, let refusal = offer.fruitVegetableRefusal {
                    throw CommandFailure("not stored: the fruit-and-vegetable goal is not offered: \(refusal)")
                }
                guard let found = offeredTemplates.first(where: { $0.id == template }) else {
                    let offered = offeredTemplates.map(\.id).joined(separator: ", ")
                    throw CommandFailure(
                        "no template '\(template)' for profile '\(stored.name)' (offered: \(offered.isEmpty ? "none; set --category on the profile" : offered))"
                    )
                }
                kind = found.kind
                period = found.period
            }
            let built = try target.apply(to: kind)
            if let text = target.period { period = try parsePeriod(text) }
            do {
                try built.validate(period: period)
            } catch {
                throw CommandFailure("not stored: \(error)")
            }
            try await requirePotassiumAllows(built, database, stored, atMs: atMs)
            let goal = try await database.addGoal(
                profileId: stored.id,
                kind: built,
                period: period,
                priority: priority,
                templateId: template,
                atMs: atMs
            )
            print("Added goal #\(goal.id) (priority \(goal.priority)): \(goal.kind.summary), per \(goal.period).")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List goals by priority with their progress in the current period (computed now)."
        )
        @OptionGroup var store: StoreOptions
        @Option(help: "The profile (needed when the store holds several).") var profile: String?
        @Option(help: "Compute progress at this RFC 3339 time instead of now.") var now: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let database = try openStoreForReading(store)
            let stored = try await database.selectProfile(named: profile)
            let context = try GoalContext(stored.profile)
            let atMs = try now.map { try parseInstant($0, option: "--now") } ?? currentEpochMilliseconds()
            let engine = GoalEngine(store: database)
            let today = GoalCalendar.date(at: atMs, in: context.timeZone)
            var rows: [GoalRow] = []
            for goal in try await database.goals(profileId: stored.id) {
                let window = goal.period.window(containing: today)
                let progress = try await engine.progress(of: goal, in: window, context: context, untilMs: atMs + 1)
                rows.append(GoalRow(goal: goal, window: window.key, progress: progress))
            }
            if json {
                try printJSON(rows)
                return
            }
            guard !rows.isEmpty else {
                print(
                    "Profile '\(stored.name)' has no goals; see `kidneyhub goals templates` and `kidneyhub goals add`."
                )
                return
            }
            printTable(
                ["#", "ID", "GOAL", "PERIOD", "PROGRESS", "DETAIL"],
                rows.map {
                    [
                        "\($0.priority)", "\($0.id)", $0.summary, $0.window,
                        $0.progress.fraction.map { "\(Int(($0 * 100).rounded())) %" + "" } ?? "-",
                        ($0.progress.met == true ? "met: " : "") + $0.progress.detail,
                    ]
                }
            )
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Change a goal's target or period; its rewards stay (a period already rewarded is not rewarded again)."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The goal's id (`kidneyhub goals list`).") var id: Int64
        @OptionGroup var target: GoalTargetOptions
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let database = try openStoreForWriting(store)
            try await database.requireCurrentTerms()
            let stored = try await database.selectProfile(named: profile)
            guard let goal = try await database.goals(profileId: stored.id).first(where: { $0.id == id }) else {
                throw CommandFailure("profile '\(stored.name)' has no goal #\(id) (see `kidneyhub goals list`)")
            }
            let kind = try target.apply(to: goal.kind)
            let period = try target.period.map(parsePeriod) ?? goal.period
            do {
                try kind.validate(period: period)
            } catch {
                throw CommandFailure("not stored: \(error)")
            }
            if goal.kind != kind {
                try await requirePotassiumAllows(kind, database, stored, atMs: currentEpochMilliseconds())
            }
            try await database.editGoal(
                id: id,
                profileId: stored.id,
                kind: kind,
                period: period,
                atMs: currentEpochMilliseconds()
            )
            print("Goal #\(id): \(kind.summary), per \(period).")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a goal; the rewards it earned stay.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The goal's id.") var id: Int64
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let database = try openStoreForWriting(store)
            let stored = try await database.selectProfile(named: profile)
            do {
                try await database.removeGoal(id: id, profileId: stored.id, atMs: currentEpochMilliseconds())
            } catch {
                throw CommandFailure("profile '\(stored.name)' has no goal #\(id) (see `kidneyhub goals list`)")
            }
            print("Removed goal #\(id).")
        }
    }

    struct Prioritize: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Move a goal to a priority (1 first); others shift.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The goal's id.") var id: Int64
        @Option(name: .customLong("to"), help: "The new priority, 1 first.") var priority: Int
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func validate() throws {
            guard priority >= 1 else { throw ValidationError("--to must be 1 or more") }
        }

        func run() async throws {
            let database = try openStoreForWriting(store)
            let stored = try await database.selectProfile(named: profile)
            do {
                try await database.prioritizeGoal(
                    id: id,
                    profileId: stored.id,
                    priority: priority,
                    atMs: currentEpochMilliseconds()
                )
            } catch {
                throw CommandFailure("profile '\(stored.name)' has no goal #\(id) (see `kidneyhub goals list`)")
            }
            for goal in try await database.goals(profileId: stored.id) {
                print("\(goal.priority). #\(goal.id) \(goal.kind.summary)")
            }
        }
    }
}

/// The target options of `goals add` and `goals edit`.
struct GoalTargetOptions: ParsableArguments {
    @Option(
        help:
            "weight, blood-pressure, lab, egfr-stable, interdialytic-gain, steps, intake, drink-water or fruit-vegetables."
    ) var kind: String?
    @Option(help: "weight: the low end (kg); lab: the low end in the lab's unit.") var low: Double?
    @Option(help: "weight: the high end (kg); lab: the high end in the lab's unit.") var high: Double?
    @Option(name: .customLong("target"), help: "weight: one target weight (kg), low = high.") var targetWeight: Double?
    @Option(help: "blood-pressure: systolic below (mm[Hg]).") var systolic: Double?
    @Option(help: "blood-pressure: diastolic below (mm[Hg]).") var diastolic: Double?
    @Option(help: "lab: the lab id (`kidneyhub labs list`).") var lab: String?
    @Option(name: .customLong("max-decline"), help: "egfr-stable: the largest decline a year.") var maxDecline: Double?
    @Option(help: "interdialytic-gain: below this % of dry weight.") var percent: Double?
    @Option(help: "steps: steps a day.") var steps: Int?
    @Option(help: "intake: protein, sodium, potassium, phosphorus or fluid.") var nutrient: String?
    @Option(name: .customLong("min"), help: "intake: the daily minimum (g, mg or mL).") var minimum: Double?
    @Option(name: .customLong("max"), help: "intake: the daily maximum (g, mg or mL).") var maximum: Double?
    @Option(help: "drink-water: mL a day.") var milliliters: Double?
    @Option(help: "fruit-vegetables: cups a day (USDA cup-equivalents).") var cups: Double?
    @Option(help: "day, week, month or until:YYYY-MM-DD.") var period: String?

    /// The kind the options describe, starting from `base` (a template's or the goal's) when the kind is not given.
    func apply(to base: GoalKind?) throws -> GoalKind {
        let name = kind ?? base?.name
        guard let name else {
            throw CommandFailure(
                "give --template ID or --kind (weight, blood-pressure, lab, egfr-stable, interdialytic-gain, steps, intake, "
                    + "drink-water, fruit-vegetables)"
            )
        }
        let built: GoalKind
        switch (name, base) {
        case ("weight", let base):
            var (low, high): (Double?, Double?) = (nil, nil)
            if case .weightRange(let l, let h)? = base { (low, high) = (l, h) }
            if let targetWeight { (low, high) = (targetWeight, targetWeight) }
            low = self.low ?? low
            high = self.high ?? high
            guard let low, let high else { throw CommandFailure("weight: give --target KG or --low KG --high KG") }
            built = .weightRange(lowKilograms: low, highKilograms: high)
        case ("blood-pressure", let base):
            var (s, d): (Double?, Double?) = (nil, nil)
            if case .bloodPressureBelow(let bs, let bd)? = base { (s, d) = (bs, bd) }
            guard let s = systolic ?? s, let d = diastolic ?? d else {
                throw CommandFailure("blood-pressure: give --systolic and --diastolic")
            }
            built = .bloodPressureBelow(systolic: s, diastolic: d)
        case ("lab", let base):
            var (id, l, h): (String?, Double?, Double?) = (nil, nil, nil)
            if case .labInRange(let a, let bl, let bh)? = base { (id, l, h) = (a, bl, bh) }
            guard let id = lab ?? id else { throw CommandFailure("lab: give --lab ID and --low and/or --high") }
            built = .labInRange(analyte: id, low: low ?? l, high: high ?? h)
        case ("egfr-stable", let base):
            var decline = EGFRSlope.rapidDeclinePerYear
            if case .egfrStable(let d)? = base { decline = d }
            built = .egfrStable(maximumDeclinePerYear: maxDecline ?? decline)
        case ("interdialytic-gain", let base):
            var value: Double?
            if case .interdialyticGainBelow(let p)? = base { value = p }
            guard let value = percent ?? value else { throw CommandFailure("interdialytic-gain: give --percent") }
            built = .interdialyticGainBelow(percentOfDryWeight: value)
        case ("steps", let base):
            var value: Int?
            if case .stepsPerDay(let s)? = base { value = s }
            guard let value = steps ?? value else { throw CommandFailure("steps: give --steps N") }
            built = .stepsPerDay(value)
        case ("intake", let base):
            var (subject, low, high): (IntakeSubject?, Double?, Double?) = (nil, nil, nil)
            if case .intakeWithin(let s, let l, let h)? = base { (subject, low, high) = (s, l, h) }
            if let nutrient {
                guard let parsed = IntakeSubject(rawValue: nutrient) else {
                    throw CommandFailure(
                        "--nutrient: protein, sodium, potassium, phosphorus or fluid (not '\(nutrient)')"
                    )
                }
                subject = parsed
            }
            guard let subject else { throw CommandFailure("intake: give --nutrient and --min and/or --max") }
            built = .intakeWithin(subject: subject, minimum: minimum ?? low, maximum: maximum ?? high)
        case ("drink-water", let base):
            var value: Double?
            if case .drinkWater(let m)? = base { value = m }
            guard let value = milliliters ?? value else { throw CommandFailure("drink-water: give --milliliters") }
            built = .drinkWater(milliliters: value)
        case ("fruit-vegetables", let base):
            var value: Double?
            if case .fruitVegetableCups(let c)? = base { value = c }
            guard let value = cups ?? value else { throw CommandFailure("fruit-vegetables: give --cups") }
            built = .fruitVegetableCups(value)
        default:
            throw CommandFailure(
                "--kind: unknown kind '\(name)' (accepted: weight, blood-pressure, lab, egfr-stable, interdialytic-gain, "
                    + "steps, intake, drink-water, fruit-vegetables)"
            )
        }
        do {
            try built.validate()
        } catch {
            throw CommandFailure("not stored: \(error)")
        }
        return built
    }
}

/// The templates offered to a profile at `atMs`: its category's, its intake limits', and the fruit-and-vegetable
/// one when potassium is not restricted and the labs allow it (with the labs' reason when they do not).
func offeredTemplates(_ database: HubDatabase, _ stored: StoredProfile, atMs: Int64) async throws
    -> (templates: [GoalTemplate], fruitVegetableRefusal: PotassiumGate.Refusal?)
{
    let limits = try await database.dailyLimits(for: stored)
    var templates = GoalTemplates.offered(for: stored.profile) + GoalTemplates.intakeTemplates(from: limits)
    guard stored.profile.diseaseCategory != nil else { return (templates, nil) }
    let latest = try await database.latestLabResult(
        profileId: stored.id,
        analyte: PotassiumGate.analyte,
        beforeMs: atMs + 1
    )
    switch GoalTemplates.fruitVegetables(
        limits: limits,
        latestPotassium: latest,
        atMs: atMs,
        timeZone: try GoalContext(stored.profile).timeZone
    ) {
    case .success(let template)?:
        templates.append(template)
        return (templates, nil)
    case .failure(let refusal)?: return (templates, refusal)
    case nil: return (templates, nil)
    }
}

/// Refuses a fruit-and-vegetable goal unless the latest potassium allows it (`PotassiumGate`); other kinds pass.
func requirePotassiumAllows(_ kind: GoalKind, _ database: HubDatabase, _ stored: StoredProfile, atMs: Int64)
    async throws
{
    guard case .fruitVegetableCups = kind else { return }
    let latest = try await database.latestLabResult(
        profileId: stored.id,
        analyte: PotassiumGate.analyte,
        beforeMs: atMs + 1
    )
    do {
        try PotassiumGate.check(latest: latest, atMs: atMs, timeZone: try GoalContext(stored.profile).timeZone)
    } catch {
        throw CommandFailure("not stored: the fruit-and-vegetable goal is not offered: \(error)")
    }
}

/// Reads a `--period`.
func parsePeriod(_ text: String) throws -> GoalPeriod {
    do {
        return try GoalPeriod(parsing: text)
    } catch {
        throw CommandFailure("--\(error)")
    }
}

/// Reads an RFC 3339 instant given to an option.
func parseInstant(_ text: String, option: String) throws -> Int64 {
    do {
        return try RFC3339.parse(text).epochMilliseconds
    } catch {
        throw CommandFailure("\(option): \(error)")
    }
}

/// The dispatcher the commands push notifications with: the profile's command, and the desktop when it runs.
func notificationDispatcher(_ store: HubDatabase) -> NotificationDispatcher {
    NotificationDispatcher(
        store: store,
        sinks: [CommandNotifier()] + (DesktopNotifier.fromEnvironment().map { [$0] } ?? [])
    )
}

private struct TemplateJSON: Encodable {
    let id: String
    let title: String
    let kind: GoalKind
    let period: String
    let source: String
}

private struct GoalRow: Encodable {
    let id: Int64
    let priority: Int
    let kind: GoalKind
    let summary: String
    let period: String
    let window: String
    let progress: GoalProgress

    init(goal: Goal, window: String, progress: GoalProgress) {
        id = goal.id
        priority = goal.priority
        kind = goal.kind
        summary = goal.kind.summary
        period = goal.period.description
        self.window = window
        self.progress = progress
    }
}
