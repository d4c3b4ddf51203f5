import ArgumentParser
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import SampleData

/// `web-store`: a store holding a year of one hemodialysis patient's data (`SamplePatientHistory`: per day a pre
/// and post weight on Mon/Wed/Fri and a morning weight otherwise, a blood pressure with pulse, glucose 4 times, 3
/// meals and 2 drinks; a lab panel per month; goals evaluated), ending today, for the web app's page benchmark
/// (`scripts/bench/web_pages.py`, issue 18).
struct WebStore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web-store",
        abstract: "Write a year of one patient's generated data into a new store, for the web app's benchmark."
    )
    @Option(help: "The store file to create (must not exist).") var store: String
    @Option(help: "Days of history, ending today (1 to 3660).") var days = 365

    func validate() throws {
        guard (1...3660).contains(days) else { throw ValidationError("--days must be 1 to 3660") }
        guard !FileManager.default.fileExists(atPath: store) else {
            throw ValidationError("--store \(store): exists already; name a new file")
        }
    }

    func run() async throws {
        let database = try HubDatabase.open(atPath: store)
        // Today in the generated patient's zone (Europe/Berlin), so the Today page shows a full day.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        let today = try CalendarDate(year: parts.year ?? 2026, month: parts.month ?? 1, day: parts.day ?? 1)
        let start = ContinuousClock.now
        let written = try await SamplePatientHistory.write(into: database, name: "Bench", days: days, lastDay: today)
        print(
            "wrote \(days) days (\(written.firstDay) to \(written.lastDay)) for profile '\(written.profile.name)' "
                + "in \(ContinuousClock.now - start)"
        )
    }
}
