import ArgumentParser
import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import TerminalOutput

/// `kidneyhub intake [today|DATE]`, `intake limit`, `intake urine-output`: daily totals against limits.
struct Intake: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Daily totals of nutrients and fluid against the patient's limits.",
        subcommands: [Show.self, Limit.self, UrineOutput.self],
        defaultSubcommand: Show.self
    )

    /// What `intake --json` prints.
    struct Report: Encodable {
        struct Line: Encodable {
            var subject: String
            var unit: String
            var total: Double?
            var unknownIn: Int
            var minimum: Double?
            var maximum: Double?
            var status: String
            var basis: String
            var source: String
            var setByCareTeam: Bool
        }
        struct Total: Encodable {
            var nutrient: String
            var unit: String
            var total: Double?
            var unknownIn: Int
        }
        var profile: String
        var date: String
        var entries: [StoredIntakeEntry]
        var fluidMilliliters: Double
        var limits: [Line]
        var nutrients: [Total]
        var over: [String]
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a day's totals: `kidneyhub intake today`, `kidneyhub intake 2026-11-20 --json`.",
            discussion: """
                Limits come from the profile's disease category, weight and latest labs (guideline sources \
                shown), unless the care team set one (`kidneyhub intake limit`). A total with unknown parts (a food \
                USDA has no value for) is shown as "≥" with how many parts were unknown.
                """
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "today, yesterday or YYYY-MM-DD.") var date = "today"
        @Option(help: "The profile (needed when the store holds several).") var profile: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let summary = try await store.openForWriting().intake.day(try parseDay(date), profile: profile)
            let intake = summary.intake
            let lines = summary.limits.map { standing in
                let limit = standing.limit
                return Report.Line(
                    subject: limit.subject.rawValue,
                    unit: limit.unit,
                    total: standing.total.isUnknown ? nil : standing.total.value,
                    unknownIn: standing.total.unknownParts,
                    minimum: limit.minimum,
                    maximum: limit.maximum,
                    status: standing.status.rawValue,
                    basis: limit.basis,
                    source: limit.source,
                    setByCareTeam: limit.setByCareTeam
                )
            }
            let report = Report(
                profile: summary.profile.name,
                date: summary.day.description,
                entries: summary.entries,
                fluidMilliliters: intake.fluidMilliliters,
                limits: lines,
                nutrients: Nutrient.allCases.map { nutrient in
                    let total = intake.nutrients[nutrient]
                    return Report.Total(
                        nutrient: nutrient.rawValue,
                        unit: nutrient.unit,
                        total: total.isUnknown ? nil : total.value,
                        unknownIn: total.unknownParts
                    )
                },
                over: summary.over.map(\.rawValue)
            )
            if json {
                try printJSON(report)
                return
            }
            print("Intake of '\(summary.profile.name)' on \(summary.day): \(summary.entries.count) entries")
            for entry in summary.entries {
                for line in Log.describe(entry, width: WrappedText.width - 2).split(separator: "\n") {
                    print("  \(line)")
                }
            }
            print("")
            printTable(
                ["", "TOTAL", "LIMIT", "STATUS", "SOURCE"],
                summary.limits.map { standing in
                    let limit = standing.limit
                    let bounds =
                        [
                            limit.minimum.map { "≥ \(NutrientText.number($0))" },
                            limit.maximum.map { "≤ \(NutrientText.number($0))" },
                        ].compactMap(\.self).joined(separator: " and ") + " \(NutrientText.unitText(limit.unit))"
                    return [
                        limit.subject.rawValue.capitalized, NutrientText.total(standing.total, unit: limit.unit),
                        "\(bounds) (\(limit.basis))", standing.status == .over ? "OVER" : standing.status.rawValue,
                        limit.source,
                    ]
                }
            )
            print("")
            let limited = Set(summary.limits.compactMap(\.limit.subject.nutrient))
            print(
                "Other nutrients: "
                    + Nutrient.allCases.filter { !limited.contains($0) }.map {
                        "\($0.displayName) \(NutrientText.total(intake.nutrients[$0], unit: $0.unit))"
                    }.joined(separator: ", ")
            )
            if !summary.limits.contains(where: { $0.limit.subject == .fluid }) {
                print("Fluid: \(NutrientText.number(intake.fluidMilliliters)) mL (no fluid limit or goal set)")
            }
            if summary.needsDiseaseCategory {
                print(
                    "Only the sodium limit applies until the disease category is set (`kidneyhub profile set --category`)."
                )
            } else if summary.proteinLimitNeedsWeight {
                print(
                    "No protein limit: it needs a weight (`kidneyhub profile set --dry-weight KG` or `kidneyhub weight add`)."
                )
            }
            if !report.over.isEmpty { print("\nOver the limit: \(report.over.joined(separator: ", "))") }
        }
    }

    struct Limit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Set the care team's daily limit, for example `kidneyhub intake limit potassium --max 2500 --note \"Dr Chen\"`.",
            discussion: "Without --min and --max the care team's limit is removed and the default applies again."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "protein (g), sodium, potassium, phosphorus (mg) or fluid (mL).") var subject: String
        @Option(help: "The floor.") var min: Double?
        @Option(help: "The ceiling.") var max: Double?
        @Option(help: "Who set it and why.") var note = "care team"
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            guard let chosen = IntakeSubject(rawValue: subject.lowercased()) else {
                throw CommandFailure(
                    "unknown subject '\(subject)' (accepted: \(IntakeSubject.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            let stored = try await store.openForWriting().intake.setCareTeamLimit(
                chosen,
                minimum: min,
                maximum: max,
                note: note,
                profile: profile
            )
            print(
                min == nil && max == nil
                    ? "Removed the care team's \(chosen.rawValue) limit of '\(stored.name)'."
                    : "Set the \(chosen.rawValue) limit of '\(stored.name)' (\(note))."
            )
        }
    }

    struct UrineOutput: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "urine-output",
            abstract: "Record the daily urine output (mL) for the hemodialysis fluid limit (urine output + 1,000 mL)."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "mL per day (0 when anuric).") var milliliters: Double
        @Option(help: "Who measured it.") var note = "care team"
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let stored = try await store.openForWriting().intake.setUrineOutput(
                millilitersPerDay: milliliters,
                note: note,
                profile: profile
            )
            print("Urine output of '\(stored.name)': \(NutrientText.number(milliliters)) mL/day.")
        }
    }
}
