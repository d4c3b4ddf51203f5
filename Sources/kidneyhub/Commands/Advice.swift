import ArgumentParser
import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// `kidneyhub advice [--json] [--history]`: the decision matrix.
struct Advice: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The decision matrix: per nutrient your limit, today's and 7-day intake, labs, medications, advice.",
        discussion: "Lab, eGFR and weight-gain alerts standing now are also posted to `kidneyhub notifications`."
    )
    @OptionGroup var store: StoreOptions
    @Option(help: "The profile (needed when the store holds several).") var profile: String?
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "Instead, list the last advice given (each firing with its rule version and facts).") var history =
        false

    func run() async throws {
        let app = try store.openForWriting()
        if history {
            let firings = try await app.advice.history(profile: profile, limit: 50)
            if json {
                try printJSON(firings.map(\.message))
                return
            }
            for firing in firings {
                let facts = firing.message.facts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                print(
                    "\(firing.context): \(firing.message.ruleId) v\(firing.message.ruleVersion) "
                        + "[\(firing.message.severity.rawValue)] \(firing.message.text)"
                )
                print("  facts: \(facts.joined(separator: ", "))")
                print("  source: \(firing.message.source.citation) (\(firing.message.source.verification.rawValue))")
            }
            return
        }
        let matrix = try await app.advice.matrix(profile: profile).matrix
        if json {
            try printJSON(matrix)
            return
        }
        printTable(
            ["NUTRIENT", "LIMIT", "TODAY", "7-DAY AVG", "LAB", "TREND", "MEDICATIONS"],
            matrix.rows.map { row in
                let unit = NutrientText.unitText(row.unit)
                let limit =
                    row.limit.map { limit in
                        [
                            limit.minimum.map { "≥ \(NutrientText.number($0))" },
                            limit.maximum.map { "≤ \(NutrientText.number($0))" },
                        ]
                        .compactMap { $0 }.joined(separator: " ") + " \(unit)"
                    } ?? "none"
                return [
                    row.subject.rawValue, limit, "\(NutrientText.number(row.today)) \(unit)",
                    "\(NutrientText.number(row.sevenDayDailyAverage)) \(unit)", row.lab.map { $0.summary() } ?? "-",
                    row.labTrend ?? "-", row.medications.isEmpty ? "-" : row.medications.joined(separator: ", "),
                ]
            }
        )
        print("Advice:")
        for row in matrix.rows {
            for message in row.advice { print("- \(row.subject.rawValue): \(message.text)") }
        }
        for alert in matrix.alerts { print("- [\(alert.severity.rawValue)] \(alert.text)") }
        print("Medications:")
        if matrix.medications.isEmpty { print("- none recorded") }
        for medication in matrix.medications {
            let known =
                medication.hasNoInteractionData
                ? MedicationMatch.noInteractionData
                : medication.drugs.map { "\($0.generic) (\($0.drugClass))" }.joined(separator: ", ")
                    + " by \(medication.matchedBy ?? "")"
            print("- \(medication.name): \(known)")
        }
    }
}

/// `kidneyhub reportcard [--month YYYY-MM]`: the monthly report card.
struct ReportCardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reportcard",
        abstract: "The monthly report card: labs, weight, blood pressure and intake against targets and last month.",
        discussion: """
            The scheduler of `kidneyhub serve` writes each month's card when the month ends and notifies it; this \
            shows the stored card, or builds (and stores) it when there is none or with --rebuild.
            """
    )
    @OptionGroup var store: StoreOptions
    @Option(help: ArgumentHelp("The month (default: last month).", valueName: "YYYY-MM")) var month: String?
    @Option(help: "The profile (needed when the store holds several).") var profile: String?
    @Flag(help: "Build it again from the data now.") var rebuild = false
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let card = try await store.openForWriting().advice.reportCard(month: month, profile: profile, rebuild: rebuild)
        if json {
            try printJSON(card)
        } else {
            print(wrapped(card.text, indent: "    "))
        }
    }
}
