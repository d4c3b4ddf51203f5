import ArgumentParser
import Clinical
import HubStore
import SampleData

/// `sample-history`: a hub store holding a generated hemodialysis patient's history (`SamplePatientHistory`: about 9
/// readings a day, monthly labs, meals and drinks), for timing the release build's care-team sync end to end with
/// the command line and a running `kidneyhub-server` (issue 20: ≥ 20,000 readings/s from one hub,
/// docs/benchmarks.md).
struct SampleHistoryStore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-history",
        abstract: "Write a generated patient's history into a new hub store (for the care-team sync benchmark)."
    )
    @Argument(help: "The store file to create (it must not exist).") var store: String
    @Option(help: "Days of history, ending on 2026-10-31.") var days = 1095

    func run() async throws {
        let database = try HubDatabase.open(atPath: store)
        let start = ContinuousClock.now
        _ = try await SamplePatientHistory.write(
            into: database,
            name: "Ana",
            days: days,
            lastDay: try CalendarDate(year: 2026, month: 10, day: 31)
        )
        print("wrote \(days) days of history into \(store) in \(ContinuousClock.now - start)")
    }
}
