import ArgumentParser
import Care
import Clinical
import Foundation
import HubRecords
import HubServices

/// `kidneyhub adherence [--by day|week|month|year]`.
struct AdherenceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adherence",
        abstract: "Doses taken ÷ doses scheduled, and taken on time, per order and overall."
    )
    @OptionGroup var store: StoreOptions
    @Option(help: ArgumentHelp("Group by day, week, month or year.", valueName: "GROUP")) var by = "week"
    @Option(help: ArgumentHelp("First day (default: 30 days before the last).", valueName: "YYYY-MM-DD")) var from:
        String?
    @Option(help: ArgumentHelp("Last day (default: today).", valueName: "YYYY-MM-DD")) var through: String?
    @Option(help: "The profile (needed when the store holds several).") var profile: String?
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        guard let grouping = AdherenceGrouping(rawValue: by) else {
            throw CommandFailure("--by: '\(by)' is not day, week, month or year")
        }
        func day(_ text: String?, _ option: String) throws -> CalendarDate? {
            try text.map { value in
                do { return try CalendarDate(parsing: value) } catch { throw CommandFailure("\(option): \(error)") }
            }
        }
        let (_, report) = try await store.openForReading().adherence.report(
            profile: profile,
            by: grouping,
            from: try day(from, "--from"),
            through: try day(through, "--through")
        )
        if json { return try printJSON(report) }
        func percent(_ value: Double?) -> String { value.map { "\(Int($0.rounded())) %" } ?? "-" }
        print("Adherence \(report.first) to \(report.last) (on time: within \(report.onTimeWindowMinutes) minutes):")
        guard let overall = report.overall else { return print("No doses were scheduled.") }
        print(
            "  all orders: \(overall.taken) of \(overall.scheduled) taken (\(percent(overall.percentTaken))), \(overall.onTime) on time (\(percent(overall.percentOnTime)))"
        )
        for order in report.orders {
            guard let figure = order.overall else { continue }
            print(
                "  \(order.medication.prefix(40)): \(figure.taken) of \(figure.scheduled) taken (\(percent(figure.percentTaken)))"
            )
        }
        printTable(
            [grouping.rawValue.uppercased(), "SCHEDULED", "TAKEN", "ON TIME", "TAKEN %"],
            report.groups.map {
                [
                    $0.key.split(separator: ":").last.map(String.init) ?? $0.key, "\($0.scheduled)", "\($0.taken)",
                    "\($0.onTime)", percent($0.percentTaken),
                ]
            }
        )
    }
}
