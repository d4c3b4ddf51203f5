import ArgumentParser
import Care
import CareEngine
import Foundation
import HubCore
import HubRecords
import HubStore

/// `kidneyhub log food|fluid|edit|delete|list`: the intake log.
struct Log: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The intake log: foods eaten and fluids drunk.",
        subcommands: [Food.self, Fluid.self, Edit.self, Delete.self, List.self]
    )

    static func describe(_ entry: StoredIntakeEntry) -> String {
        let time = RFC3339.format(entry.takenAt)
        switch entry.kind {
        case .fluid:
            return
                "#\(entry.id) \(time) fluid: \(NutrientText.number(entry.amount)) \(NutrientText.unitText(entry.unit)) "
                + "\(entry.description) = \(NutrientText.number(entry.fluidMilliliters)) mL"
        case .food:
            let nutrients = entry.nutrients ?? NutrientAmounts()
            let fluid = entry.isLiquid ? ", fluid \(NutrientText.number(entry.fluidMilliliters)) mL" : ""
            return
                "#\(entry.id) \(time) \(entry.meal?.rawValue ?? ""): \(NutrientText.number(entry.amount)) \(entry.unit) "
                + "\(entry.description) (\(NutrientText.number(entry.grams ?? 0)) g): "
                + kidneyNutrients.map { "\($0.displayName.lowercased()) \(NutrientText.amount(nutrients[$0], $0))" }
                .joined(separator: ", ") + fluid
        }
    }

    struct Food: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Log a food, for example `kidneyhub log food \"banana, raw\" --amount 1 --unit medium --meal breakfast`.",
            discussion: """
                --unit is g, oz, or any household measure USDA lists for the food (see `kidneyhub foods show`). Foods \
                liquid at room temperature (ice cream, soup, milk, juice …) add their water to the fluid total.
                """
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The food: its name (or enough of it), or #ID.") var food: String
        @Option(help: "How much, in --unit.") var amount: Double
        @Option(help: "g, oz or a household measure of the food.") var unit = "g"
        @Option(help: ArgumentHelp("The meal.", valueName: "breakfast|lunch|dinner|snack")) var meal: String
        @Option(help: ArgumentHelp("When (default: now).", valueName: "YYYY-MM-DDTHH:MM")) var at: String?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let chosenMeal = try parseMeal(meal)
            let database = try await openNutritionStore(store)
            try await database.requireCurrentTerms()
            let stored = try await database.selectProfile(named: profile)
            let entry = try await database.logFood(
                food,
                amount: amount,
                unit: unit,
                meal: chosenMeal,
                takenAt: try parseEntryTime(at, profile: stored.profile),
                profile: stored,
                atMs: currentEpochMilliseconds()
            )
            print("Logged \(Log.describe(entry))")
            try await Log.advise(after: entry, database: database, profile: stored)
            // The intake goals this entry touches (issue 9).
            try await evaluateIntakeGoals(database, profileId: stored.id)
        }
    }

    /// Decision support after an entry (issue 10): interaction warnings and limit alerts, posted as notifications.
    static func advise(after entry: StoredIntakeEntry, database: HubDatabase, profile: StoredProfile) async throws {
        let food = try await entry.foodId.asyncMap { try await database.food(id: $0) }
        let messages = try await AdviceService(store: database).afterLogging(
            entry, food: food, profile: profile, at: currentEpochMilliseconds())
        for message in messages { print("[\(message.severity.rawValue)] \(message.text)") }
    }

    struct Fluid: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Log a drink, for example `kidneyhub log fluid 250 mL --what water`."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "How much.") var amount: Double
        @Argument(help: "mL, L, fl oz (or floz) or cup.") var unit: String
        @Option(help: "What it was.") var what = "water"
        @Option(help: ArgumentHelp("When (default: now).", valueName: "YYYY-MM-DDTHH:MM")) var at: String?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let database = try await openNutritionStore(store)
            try await database.requireCurrentTerms()
            let stored = try await database.selectProfile(named: profile)
            let entry = try await database.logFluid(
                amount: amount,
                unit: HubDatabase.fluidUnit(unit),
                what: what,
                takenAt: try parseEntryTime(at, profile: stored.profile),
                profile: stored,
                atMs: currentEpochMilliseconds()
            )
            print("Logged \(Log.describe(entry))")
            try await Log.advise(after: entry, database: database, profile: stored)
            // The intake goals this entry touches (issue 9).
            try await evaluateIntakeGoals(database, profileId: stored.id)
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a log entry's amount, unit, meal or time (nutrients per gram stay as logged)."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The entry's id.") var id: Int64
        @Option(help: "A new amount.") var amount: Double?
        @Option(help: "A new unit.") var unit: String?
        @Option(help: "A new meal.") var meal: String?
        @Option(help: "A new time.") var at: String?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let chosenMeal = try meal.map(parseMeal)
            let database = try await openNutritionStore(store)
            try await database.requireCurrentTerms()
            let stored = try await database.selectProfile(named: profile)
            let entry = try await database.editIntakeEntry(
                id: id,
                profile: stored,
                amount: amount,
                unit: unit,
                meal: chosenMeal,
                takenAt: try at.map { try parseEntryTime($0, profile: stored.profile) },
                atMs: currentEpochMilliseconds()
            )
            print("Changed \(Log.describe(entry))")
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a log entry.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The entry's id.") var id: Int64
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let database = try await openNutritionStore(store)
            try await database.requireCurrentTerms()
            let stored = try await database.selectProfile(named: profile)
            let entry = try await database.deleteIntakeEntry(id: id, profile: stored)
            print("Deleted \(Log.describe(entry))")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a day's log entries.")
        @OptionGroup var store: StoreOptions
        @Option(help: "today, yesterday or YYYY-MM-DD (default: today).") var date: String?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let database = try await openNutritionStore(store)
            let stored = try await database.selectProfile(named: profile)
            let day = try parseDay(date, profile: stored.profile)
            let entries = try await database.intakeEntries(profileId: stored.id, from: day, through: day)
            if json {
                try printJSON(entries)
                return
            }
            if entries.isEmpty { print("Nothing logged on \(day) for '\(stored.name)'.") }
            for entry in entries { print(Log.describe(entry)) }
        }
    }
}

extension Optional {
    /// The async map of an optional.
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}

/// Evaluates the profile's intake goals after a log entry and pushes what became due (issue 9).
func evaluateIntakeGoals(_ database: HubDatabase, profileId: Int64) async throws {
    let now = currentEpochMilliseconds()
    _ = try await GoalEngine(store: database).evaluateTouched(profileId: profileId, kinds: [], labs: [], intake: true, at: now)
    await notificationDispatcher(database).deliverDue(at: now)
}
