import ArgumentParser
import Care
import Clinical
import Foundation
import HubRecords
import HubServices

/// `kidneyhub doses list [ORDER]`.
struct DosesList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "The dose log, oldest first.")
    @OptionGroup var store: StoreOptions
    @Argument(help: "One order: its id or the medication's name.") var order: String?
    @Option(help: "The profile (needed when the store holds several).") var profile: String?
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        do {
            let (stored, entries) = try await store.openForReading().doses.list(order, profile: profile)
            if json { return try printJSON(entries.map(\.0)) }
            guard !entries.isEmpty else { return print("Profile '\(stored.name)' has no dose log entries.") }
            let zone = try stored.profile.timeZone()
            // Columns cut so a row fits 100 columns: 8 + 20 + 22 + 16 + 11 + 12 and five gaps of two.
            printTable(
                ["ENTRY", "MEDICATION", "DOSE", "STATUS", "TAKEN", "REASON"],
                entries.map { record, name in
                    let taken = record.takenAtMs.map { at in
                        "\(GoalCalendar.date(at: at, in: zone).description.dropFirst(5)) \(GoalCalendar.timeOfDay(at: at, in: zone))"
                    }
                    return [
                        String(record.id.uuidString.lowercased().prefix(8)), String(name.prefix(20)),
                        String((record.dose.map { "\($0.date) \($0.slot)" } ?? "as needed").prefix(22)),
                        record.status.rawValue, taken ?? "-", String((record.reason ?? "").prefix(12)),
                    ]
                }
            )
        } catch let error as MedicationsError {
            throw CommandFailure("\(error)")
        }
    }
}
