import ArgumentParser
import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// `kidneyhub doses take ORDER [--slot SLOT] [--date DAY] [--at TIME]`.
struct DosesTake: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "take",
        abstract: "Log a dose as taken (now, or --at a time; late entries are fine).",
        discussion: "Without --slot the unanswered dose due nearest the time taken is answered."
    )
    @OptionGroup var store: StoreOptions
    @Argument(help: "The order: its id (8 characters are enough) or the medication's name.") var order: String
    @Option(help: ArgumentHelp("The dose's slot, as `doses due` shows it.", valueName: "SLOT")) var slot: String?
    @Option(help: ArgumentHelp("The day of the dose (today by default).", valueName: "YYYY-MM-DD")) var date: String?
    @Option(help: ArgumentHelp("When it was taken.", valueName: "YYYY-MM-DDTHH:MM")) var at: String?
    @Option(help: "The profile (needed when the store holds several).") var profile: String?

    func run() async throws {
        let app = try store.openForWriting()
        let day = try date.map { text in
            do { return try CalendarDate(parsing: text) } catch { throw CommandFailure("--date: \(error)") }
        }
        var takenAt: Int64?
        if let at {
            let stored = try await app.profiles.select(profile)
            do {
                takenAt = try RFC3339.parse(EntryTime.rfc3339(at, profile: stored.profile, now: app.now()))
                    .epochMilliseconds
            } catch { throw CommandFailure("--at: \(error)") }
        }
        do {
            let (_, record) = try await app.doses.take(
                order,
                slot: slot,
                date: day,
                takenAtMs: takenAt,
                profile: profile
            )
            print(
                "Taken: \(order) \(record.dose.map { "\($0.date) \($0.slot)" } ?? "(as needed)"), entry \(record.id.uuidString.lowercased().prefix(8))."
            )
        } catch let error as MedicationsError {
            throw CommandFailure("not stored: \(error)")
        }
    }
}
