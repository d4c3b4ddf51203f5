import ArgumentParser
import Care
import Clinical
import Foundation
import HubRecords
import HubServices

/// `kidneyhub doses snooze ORDER [--minutes N] [--slot SLOT] [--date DAY]`.
struct DosesSnooze: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snooze",
        abstract: "Hold a due dose's reminders for a while."
    )
    @OptionGroup var store: StoreOptions
    @Argument(help: "The order: its id (8 characters are enough) or the medication's name.") var order: String
    @Option(help: ArgumentHelp("How long to hold the reminders (1 to 1440).", valueName: "N")) var minutes = 15
    @Option(help: ArgumentHelp("The dose's slot, as `doses due` shows it.", valueName: "SLOT")) var slot: String?
    @Option(help: ArgumentHelp("The day of the dose (today by default).", valueName: "YYYY-MM-DD")) var date: String?
    @Option(help: "The profile (needed when the store holds several).") var profile: String?

    func run() async throws {
        let day = try date.map { text in
            do { return try CalendarDate(parsing: text) } catch { throw CommandFailure("--date: \(error)") }
        }
        do {
            let (_, key, _) = try await store.openForWriting().doses.snooze(
                order,
                slot: slot,
                date: day,
                minutes: minutes,
                profile: profile
            )
            print("Snoozed: \(order) \(key.date) \(key.slot) for \(minutes) minutes.")
        } catch let error as MedicationsError {
            throw CommandFailure("not stored: \(error)")
        }
    }
}
