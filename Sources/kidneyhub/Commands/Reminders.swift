import ArgumentParser
import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// `kidneyhub reminders add|list|answer|remove`: medication and weighing reminders.
struct Reminders: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Reminders that fire inside a time window, spaced apart, and adapt to your answers.",
        subcommands: [List.self, Add.self, Answer.self, Remove.self, Watch.self],
        defaultSubcommand: List.self
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a medication (`--medication NAME`) or weighing (`--weighing`) reminder.",
            discussion: """
                It fires inside --window (local HH:MM-HH:MM), --delay minutes after the window opens, then at most \
                every --spacing minutes until answered or the window closes; with --dialysis-days only on the \
                weekdays of the profile's dialysis schedule. A weighing reminder is also answered by a weight taken \
                in the window. Answering "already-taken" moves the first reminder 15 minutes later next time.
                """
        )
        @OptionGroup var store: StoreOptions
        @Option(help: "A medication of the profile (`kidneyhub medications list`).") var medication: String?
        @Flag(help: "Remind to weigh.") var weighing = false
        @Option(help: "HH:MM-HH:MM, local time.") var window: String
        @Option(help: "Minutes between reminders, 5–1440.") var spacing = 30
        @Option(help: "Minutes into the window before the first reminder.") var delay = 0
        @Flag(name: .customLong("dialysis-days"), help: "Only on dialysis days.") var dialysisDays = false
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let added = try await store.openForWriting().reminders.add(
                RemindersService.NewReminder(
                    medication: medication,
                    weighing: weighing,
                    window: window,
                    spacingMinutes: spacing,
                    delayMinutes: delay,
                    dialysisDaysOnly: dialysisDays
                ),
                profile: profile
            )
            print("Added reminder #\(added.id): \(added.subject), \(window), every \(spacing) min at most.")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List reminders.")
        @OptionGroup var store: StoreOptions
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let reminders = try await store.openForReading().reminders.list(profile: profile)
            guard !reminders.isEmpty else {
                print("No reminders; add one with `kidneyhub reminders add`.")
                return
            }
            printTable(
                ["ID", "SUBJECT", "WINDOW", "FIRST AFTER", "SPACING", "DAYS", "ANSWERED"],
                reminders.map {
                    [
                        "\($0.rule.id)", "\($0.rule.subject)", "\($0.rule.windowStart)-\($0.rule.windowEnd)",
                        "\($0.rule.delayMinutes) min", "\($0.rule.minimumSpacingMinutes) min",
                        $0.rule.dialysisDaysOnly ? "dialysis" : "every", $0.state.answeredOn?.description ?? "-",
                    ]
                }
            )
        }
    }

    struct Answer: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Answer a reminder: done, already-taken (asks later next time) or skip; no more today."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The reminder's id.") var id: Int64
        @Argument(help: "done, already-taken or skip.") var answer: String
        @Option(help: "Answer as of this RFC 3339 time instead of now.") var now: String?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            guard let parsed = ReminderAnswer(rawValue: answer) else {
                throw CommandFailure("answer: done, already-taken or skip (not '\(answer)')")
            }
            let app = try store.openForWriting()
            let rule = try await app.reminders.answer(
                id: id,
                parsed,
                at: try now.map { try parseInstant($0, option: "--now") },
                profile: profile
            )
            print(
                "Reminder #\(id) answered \(parsed.rawValue); next time it fires \(rule.delayMinutes) min into its window."
            )
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a reminder.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The reminder's id.") var id: Int64
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            try await store.openForWriting().reminders.remove(id: id, profile: profile)
            print("Removed reminder #\(id).")
        }
    }
}
