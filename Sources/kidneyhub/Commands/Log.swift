import ArgumentParser
import Care
import Foundation
import HubCore
import HubRecords
import HubServices
import TerminalOutput

/// `kidneyhub log food|fluid|edit|delete|list`: the intake log.
struct Log: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The intake log: foods eaten and fluids drunk.",
        subcommands: [Food.self, Fluid.self, Edit.self, Delete.self, List.self]
    )

    /// An entry for people: what, when (to the minute, on the clock it was logged in) and how much on one line, its
    /// kidney nutrients on the next, each line within 100 columns.
    static func describe(_ entry: StoredIntakeEntry, width: Int = WrappedText.width) -> String {
        let time = LocalMinute.text(entry.takenAt)
        switch entry.kind {
        case .fluid:
            let line =
                "#\(entry.id) \(time) fluid: \(NutrientText.number(entry.amount)) \(NutrientText.unitText(entry.unit)) "
                + "\(entry.description) = \(NutrientText.number(entry.fluidMilliliters)) mL"
            return WrappedText.lines(line, width: width, indent: "  ").joined(separator: "\n")
        case .food:
            let nutrients = entry.nutrients ?? NutrientAmounts()
            let fluid = entry.isLiquid ? ", fluid \(NutrientText.number(entry.fluidMilliliters)) mL" : ""
            let what =
                "#\(entry.id) \(time) \(entry.meal?.rawValue ?? ""): \(NutrientText.number(entry.amount)) \(UnitDisplayName.text(entry.unit)) "
                + "\(entry.description) (\(NutrientText.number(entry.grams ?? 0)) g):"
            let amounts =
                kidneyNutrients.map { "\($0.displayName.lowercased()) \(NutrientText.amount(nutrients[$0], $0))" }
                .joined(separator: ", ") + fluid
            let lines =
                WrappedText.lines(what, width: width, indent: "  ")
                + WrappedText.lines(amounts, width: width - 2, indent: "  ").map { "  " + $0 }
            return lines.joined(separator: "\n")
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
        // Taken unconditionally, so that "-2" reaches the portion's own check instead of being read as an option.
        @Option(parsing: .unconditional, help: "How much, in --unit: a positive number (default 1).")
        var amount: Double?
        @Option(help: "g, oz or a household measure of the food (default: its usual household measure).")
        var unit: String?

        @Option(help: ArgumentHelp("The meal.", valueName: "breakfast|lunch|dinner|snack")) var meal: String
        @Option(help: ArgumentHelp("When (default: now).", valueName: "YYYY-MM-DDTHH:MM")) var at: String?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let chosenMeal = try parseMeal(meal)
            let app = try store.openForWriting()
            let logged = try await withFoodChoice(food) {
                try await app.intake.logFood(
                    $0,
                    amount: amount,
                    unit: unit,
                    meal: chosenMeal,
                    at: entryTimeReader(at),
                    profile: profile
                )
            }
            Log.report(logged)
        }
    }

    /// Prints a new entry and the advice it fired (issue 10).
    static func report(_ logged: IntakeService.LoggedEntry) {
        print("Logged \(describe(logged.entry, width: WrappedText.width - 7))")
        for message in logged.advice { print("[\(message.severity.rawValue)] \(message.text)") }
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
            let logged = try await store.openForWriting().intake.logFluid(
                amount: amount,
                unit: unit,
                what: what,
                at: entryTimeReader(at),
                profile: profile
            )
            Log.report(logged)
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
            let entry = try await store.openForWriting().intake.edit(
                id: id,
                amount: amount,
                unit: unit,
                meal: chosenMeal,
                at: at.map { entryTimeReader($0) },
                profile: profile
            )
            print("Changed \(Log.describe(entry, width: WrappedText.width - 8))")
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a log entry.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The entry's id.") var id: Int64
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let entry = try await store.openForWriting().intake.delete(id: id, profile: profile)
            print("Deleted \(Log.describe(entry, width: WrappedText.width - 8))")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a day's log entries.")
        @OptionGroup var store: StoreOptions
        @Option(help: "today, yesterday or YYYY-MM-DD (default: today).") var date: String?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let listed = try await store.openForWriting().intake.entries(on: try parseDay(date), profile: profile)
            if json {
                try printJSON(listed.entries)
                return
            }
            if listed.entries.isEmpty { print("Nothing logged on \(listed.day) for '\(listed.profile.name)'.") }
            for entry in listed.entries { print(Log.describe(entry)) }
        }
    }
}
