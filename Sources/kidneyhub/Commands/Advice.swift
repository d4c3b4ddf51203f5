import ArgumentParser
import Care
import CareEngine
import Clinical
import Foundation
import HubCore
import HubStore

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
        let database = try await openNutritionStore(store)
        let stored = try await database.selectProfile(named: profile)
        let now = currentEpochMilliseconds()
        if history {
            let firings = try await database.adviceFirings(profileId: stored.id, limit: 50)
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
        let service = AdviceService(store: database)
        let matrix: DecisionMatrix
        do {
            matrix = try await service.matrix(profile: stored, at: now)
            try await service.postStandingAlerts(profile: stored, at: now)
        } catch let error as ProfileFieldError {
            throw CommandFailure("\(error.reason) (fix it with `kidneyhub profile set --time-zone`)")
        }
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
        let database = try await openNutritionStore(store)
        let stored = try await database.selectProfile(named: profile)
        let now = currentEpochMilliseconds()
        let chosen: String
        do {
            if let month {
                _ = try ReportCardService.days(of: month)
                chosen = month
            } else {
                chosen = try ReportCardService.previous(
                    ReportCardService.month(of: try stored.profile.localDate(at: now))
                )
            }
        } catch let error as ReportCardService.MonthError {
            throw CommandFailure("--month: \(error.description)")
        }
        let service = ReportCardService(store: database)
        var card = rebuild ? nil : try await database.reportCard(profileId: stored.id, month: chosen)
        if card == nil { card = try await service.build(month: chosen, profile: stored, at: now) }
        guard let card else { return }
        if json {
            try printJSON(card)
        } else {
            print(card.text)
        }
    }
}
