import ArgumentParser
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import TerminalOutput

/// `kidneyhub corrections`: every edit and deletion of a manual entry, with who, when and the old value.
struct Corrections: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the corrections of manual entries (edits and deletions), newest first, with old values."
    )
    @OptionGroup var store: StoreOptions
    @Option(help: "The profile (needed when the store holds several).") var profile: String?
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let (stored, changes) = try await store.openForReading().corrections.list(profile: profile)
        if json {
            try printJSON(changes)
            return
        }
        guard !changes.isEmpty else {
            print("No corrections for '\(stored.name)'.")
            return
        }
        let zone = (try? stored.profile.timeZone()) ?? .gmt
        for change in changes {
            print(
                "\(LocalMinute.text(change.changedAtMs, in: zone)) \(change.action.rawValue) "
                    + "\(change.entry.rawValue) #\(change.entryId) by \(change.changedBy)"
            )
            for line in WrappedText.lines("  was: \(change.oldValue)", indent: "    ") { print(line) }
            if let new = change.newValue {
                for line in WrappedText.lines("  now: \(new)", indent: "    ") { print(line) }
            }
        }
    }
}
