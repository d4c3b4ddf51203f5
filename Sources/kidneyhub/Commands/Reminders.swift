import ArgumentParser
import Care
import Foundation
import HubCore
import HubStore

/// `kidneyhub reminders add|list|answer|remove`: medication and weighing reminders.
struct Reminders: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Reminders that fire inside a time window, spaced apart, and adapt to your answers.",
        subcommands: [List.self, Add.self, Answer.self, Remove.self],
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
            let database = try openStoreForWriting(store)
            try await database.requireCurrentTerms()
            let stored = try await database.selectProfile(named: profile)
            let subject: ReminderSubject
            switch (medication, weighing) {
            case (let name?, false):
                guard
                    let known = stored.profile.medications.first(where: {
                        $0.name.lowercased() == name.lowercased()
                    })
                else {
                    let names = stored.profile.medications.map(\.name)
                    throw CommandFailure(
                        "--medication: profile '\(stored.name)' has no medication '\(name)' (medications: "
                            + "\(names.isEmpty ? "none; add one with `kidneyhub medications add`" : names.joined(separator: ", ")))"
                    )
                }
                subject = .medication(known.name)
            case (nil, true): subject = .weighing
            default: throw CommandFailure("give --medication NAME or --weighing (one of them)")
            }
            if dialysisDays, stored.profile.dialysisSchedule == nil {
                throw CommandFailure(
                    "--dialysis-days: profile '\(stored.name)' has no dialysis schedule (`kidneyhub profile set --dialysis-days`)"
                )
            }
            let hours: QuietHours
            do {
                hours = try QuietHours(parsing: window)
            } catch {
                throw CommandFailure("--window: '\(window)' is not HH:MM-HH:MM")
            }
            let rule = ReminderRule(
                id: 0,
                profileId: stored.id,
                subject: subject,
                windowStart: hours.start,
                windowEnd: hours.end,
                minimumSpacingMinutes: spacing,
                dialysisDaysOnly: dialysisDays,
                delayMinutes: delay
            )
            do {
                try rule.validate()
            } catch {
                throw CommandFailure("not stored: --\(error)")
            }
            let added = try await database.addReminder(rule, atMs: currentEpochMilliseconds())
            print("Added reminder #\(added.id): \(subject), \(window), every \(spacing) min at most.")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List reminders.")
        @OptionGroup var store: StoreOptions
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let database = try openStoreForReading(store)
            let stored = try await database.selectProfile(named: profile)
            let reminders = try await database.reminders(profileId: stored.id)
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
            let database = try openStoreForWriting(store)
            let stored = try await database.selectProfile(named: profile)
            let atMs = try now.map { try parseInstant($0, option: "--now") } ?? currentEpochMilliseconds()
            let day = GoalCalendar.date(at: atMs, in: try stored.profile.timeZone())
            let rule: ReminderRule
            do {
                rule = try await database.answerReminder(id: id, profileId: stored.id, answer: parsed, on: day)
            } catch {
                throw CommandFailure("profile '\(stored.name)' has no reminder #\(id) (see `kidneyhub reminders list`)")
            }
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
            let database = try openStoreForWriting(store)
            let stored = try await database.selectProfile(named: profile)
            do {
                try await database.removeReminder(id: id, profileId: stored.id, atMs: currentEpochMilliseconds())
            } catch {
                throw CommandFailure("profile '\(stored.name)' has no reminder #\(id) (see `kidneyhub reminders list`)")
            }
            print("Removed reminder #\(id).")
        }
    }
}
