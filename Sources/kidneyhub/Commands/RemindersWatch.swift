import ArgumentParser
import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

extension Reminders {
    /// `kidneyhub reminders watch add|list|remove`: notifications when a reading is above a threshold.
    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Watch a reading: notify when it is above a threshold inside a window of the day.",
            subcommands: [List.self, Add.self, Remove.self],
            defaultSubcommand: List.self
        )

        struct Add: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract:
                    "Add a watch, e.g. `reminders watch add --reading heart-rate --above 70 --window 14:00-20:00`.",
                discussion: """
                    Each stored reading of the kind (from a device, an import or typed in) above --above, inside \
                    --window and at least --spacing minutes after the last notification, notifies; with --medication \
                    the notification asks about that medicine, and taking a dose of it afterwards raises the \
                    threshold by --taken-step, so a reading that was already acted on is asked about less.
                    """
            )
            @OptionGroup var store: StoreOptions
            @Option(help: "heart-rate or systolic.") var reading: String
            @Option(help: "Notify above this value (/min or mmHg).") var above: Double
            @Option(help: "HH:MM-HH:MM, local time; the end is excluded.") var window: String
            @Option(help: "Least minutes between two notifications.") var spacing = 10
            @Option(help: "How much a dose taken raises the threshold.") var takenStep = 5.0
            @Option(help: "An active medicine of the profile to ask about.") var medication: String?
            @Option(help: "The profile (needed when the store holds several).") var profile: String?

            func run() async throws {
                let watch = try await store.openForWriting().readingWatches.add(
                    ReadingWatchesService.NewWatch(
                        reading: reading,
                        above: above,
                        window: window,
                        spacingMinutes: spacing,
                        takenStep: takenStep,
                        medication: medication
                    ),
                    profile: profile
                )
                print("Added watch #\(watch.id): \(Watch.summary(watch)).")
            }
        }

        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List the watches with their thresholds now.")
            @OptionGroup var store: StoreOptions
            @Option(help: "The profile (needed when the store holds several).") var profile: String?

            func run() async throws {
                let (stored, watches) = try await store.openForReading().readingWatches.list(profile: profile)
                let zone = try stored.profile.timeZone()
                guard !watches.isEmpty else {
                    print("No watches; add one with `kidneyhub reminders watch add`.")
                    return
                }
                printTable(
                    ["ID", "WATCH", "MEDICINE", "LAST NOTIFIED"],
                    watches.map {
                        [
                            "\($0.id)", Watch.summary($0), $0.medication ?? "-",
                            $0.lastFiredAtMs.map { LocalMinute.text($0, in: zone) } ?? "-",
                        ]
                    }
                )
            }
        }

        struct Remove: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Remove a watch.")
            @OptionGroup var store: StoreOptions
            @Argument(help: "The watch's id.") var id: Int64
            @Option(help: "The profile (needed when the store holds several).") var profile: String?

            func run() async throws {
                try await store.openForWriting().readingWatches.remove(id: id, profile: profile)
                print("Removed watch #\(id).")
            }
        }

        /// "heart rate above 70 /min, 14:00-20:00, 10 min apart".
        static func summary(_ watch: ReadingWatch) -> String {
            let unit = UnitDisplayName.text(watch.reading.unitCode)
            let rule = watch.rule
            let threshold = rule.threshold.formatted(.number.precision(.fractionLength(0...1)))
            return "\(rule.trigger.name) above \(threshold) \(unit), \(rule.windowStart)-\(rule.windowEnd), "
                + "\(rule.minimumSpacingMinutes) min apart"
        }
    }
}
