import ArgumentParser
import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

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
            let offer = try await store.openForReading().goals.templates(profile: profile)
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
                fruit-vegetables (--cups; only while the latest potassium is at most \
                \(PotassiumGate.format(PotassiumGate.maximumMillimolesPerLiter)) mmol/L and at most \
                \(PotassiumGate.recentDays) days old), medications-taken (no target: every scheduled dose taken each \
                day). A template's targets may be adjusted with the same options. Periods: \
                day, week, month, until:YYYY-MM-DD.
                """
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var target: GoalTargetOptions
        @Option(help: "A template id from `kidneyhub goals templates`.") var template: String?
        @Option(help: "1 is the most important; default last.") var priority: Int?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let goal = try await store.openForWriting().goals.add(
                template: template,
                target: target.target,
                priority: priority,
                profile: profile
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
            let app = try store.openForReading()
            let list = try await app.goals.list(
                profile: profile,
                at: try now.map { try parseInstant($0, option: "--now") }
            )
            let stored = list.profile
            let rows = list.goals.map { GoalRow(goal: $0.goal, window: $0.window, progress: $0.progress) }
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
            let goal = try await store.openForWriting().goals.edit(id: id, target: target.target, profile: profile)
            print("Goal #\(id): \(goal.kind.summary), per \(goal.period).")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a goal; the rewards it earned stay.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The goal's id.") var id: Int64
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            try await store.openForWriting().goals.remove(id: id, profile: profile)
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
            for goal in try await store.openForWriting().goals.prioritize(id: id, to: priority, profile: profile) {
                print("\(goal.priority). #\(goal.id) \(goal.kind.summary)")
            }
        }
    }
}

/// The target options of `goals add` and `goals edit`.
struct GoalTargetOptions: ParsableArguments {
    @Option(
        help:
            ArgumentHelp(
                "weight, blood-pressure, lab, egfr-stable, interdialytic-gain, steps, intake, drink-water, "
                    + "fruit-vegetables or medications-taken."
            )
    ) var kind: String?
    @Option(help: "weight: the low end (kg); lab: the low end in the lab's unit.") var low: Double?
    @Option(help: "weight: the high end (kg); lab: the high end in the lab's unit.") var high: Double?
    @Option(name: .customLong("target"), help: "weight: one target weight (kg), low = high.") var targetWeight: Double?
    @Option(help: "blood-pressure: systolic below (mmHg).") var systolic: Double?
    @Option(help: "blood-pressure: diastolic below (mmHg).") var diastolic: Double?
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

    /// The target as the application takes it (the goal's kind is built and validated there).
    var target: GoalTarget {
        var target = GoalTarget()
        target.kind = kind
        target.low = low
        target.high = high
        target.targetWeight = targetWeight
        target.systolic = systolic
        target.diastolic = diastolic
        target.lab = lab
        target.maxDecline = maxDecline
        target.percent = percent
        target.steps = steps
        target.nutrient = nutrient
        target.minimum = minimum
        target.maximum = maximum
        target.milliliters = milliliters
        target.cups = cups
        target.period = period
        return target
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
