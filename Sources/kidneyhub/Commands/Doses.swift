import ArgumentParser
import Care
import Clinical
import Foundation
import HubRecords
import HubServices

/// `kidneyhub doses due|take|skip|snooze|list`: the doses due today and the dose log.
struct Doses: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Doses due, and the log of doses taken or not taken.",
        subcommands: [DosesDue.self, DosesTake.self, DosesSkip.self, DosesSnooze.self, DosesList.self],
        defaultSubcommand: DosesDue.self
    )
}
