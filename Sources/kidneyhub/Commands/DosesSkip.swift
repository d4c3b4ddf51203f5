import ArgumentParser
import Care
import Clinical
import Foundation
import HubRecords
import HubServices

/// `kidneyhub doses skip ORDER --reason TEXT [--slot SLOT] [--date DAY]`.
struct DosesSkip: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "skip", abstract: "Log a dose as not taken, with why.")
    @OptionGroup var store: StoreOptions
    @Argument(help: "The order: its id (8 characters are enough) or the medication's name.") var order: String
    @Option(help: ArgumentHelp("Why it was not taken.", valueName: "TEXT")) var reason: String
    @Option(help: ArgumentHelp("The dose's slot, as `doses due` shows it.", valueName: "SLOT")) var slot: String?
    @Option(help: ArgumentHelp("The day of the dose (today by default).", valueName: "YYYY-MM-DD")) var date: String?
    @Option(help: "The profile (needed when the store holds several).") var profile: String?

    func run() async throws {
        let day = try date.map { text in
            do { return try CalendarDate(parsing: text) } catch { throw CommandFailure("--date: \(error)") }
        }
        do {
            let (_, record) = try await store.openForWriting().doses.skip(
                order,
                slot: slot,
                date: day,
                reason: reason,
                profile: profile
            )
            print(
                "Not taken: \(order) \(record.dose.map { "\($0.date) \($0.slot)" } ?? ""), entry \(record.id.uuidString.lowercased().prefix(8))."
            )
        } catch let error as MedicationsError {
            throw CommandFailure("not stored: \(error)")
        }
    }
}
