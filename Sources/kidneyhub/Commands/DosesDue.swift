import ArgumentParser
import Care
import Clinical
import Foundation
import HubRecords
import HubServices

/// `kidneyhub doses due [--date DAY]`.
struct DosesDue: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "due",
        abstract: "The doses due on a day (today by default)."
    )
    @OptionGroup var store: StoreOptions
    @Option(help: ArgumentHelp("The day.", valueName: "YYYY-MM-DD")) var date: String?
    @Option(help: "The profile (needed when the store holds several).") var profile: String?
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let day = try date.map { text in
            do { return try CalendarDate(parsing: text) } catch { throw CommandFailure("--date: \(error)") }
        }
        let (stored, shownDay, due) = try await store.openForReading().doses.due(profile: profile, on: day)
        if json { return try printJSON(due) }
        guard !due.isEmpty else {
            print("No doses due on \(shownDay) for profile '\(stored.name)'.")
            return
        }
        print("Doses due on \(shownDay):")
        for item in due {
            let state =
                switch item.answer?.status {
                case .taken?: "taken"
                case .notTaken?: "not taken"
                default: "due"
                }
            let head = "\(item.dose.time)  \(item.medication)  [\(state)]  slot \(item.dose.slot)"
            MedicationOutput.wrap(head, indent: "").forEach { print($0) }
            MedicationOutput.wrap(item.instructions, indent: "       ").forEach { print($0) }
        }
    }
}
