import ArgumentParser
import Care
import Foundation
import HubCore
import HubRecords
import HubServices
import TerminalOutput

/// `kidneyhub notifications list|read|settings`: the feed and how notifications reach you.
struct Notifications: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The notification feed (rewards, progress, reminders, alerts, device and import events).",
        subcommands: [List.self, Show.self, Read.self, Settings.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List notifications, newest first.")
        @OptionGroup var store: StoreOptions
        @Option(help: "The profile (needed when the store holds several).") var profile: String?
        @Flag(help: "Only unread ones.") var unread = false
        @Option(help: "At most this many.") var limit = 50
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let app = try store.openForReading()
            let list = try await app.notifications.list(
                profile: profile,
                unreadOnly: unread,
                limit: limit
            )
            let zone = try await app.notifications.timeZone(profile: profile)
            if json {
                try printJSON(list)
                return
            }
            guard !list.isEmpty else {
                print(unread ? "No unread notifications." : "No notifications.")
                return
            }
            printTable(
                ["ID", "WHEN", "TYPE", "TITLE", "READ"],
                list.map {
                    [
                        "\($0.id)", LocalMinute.text($0.createdAtMs, in: zone), $0.type.rawValue,
                        $0.title.count > 60 ? String($0.title.prefix(59)) + "…" : $0.title,
                        $0.readAtMs == nil ? "no" : "yes",
                    ]
                }
            )
            print("Times in \(zone.identifier). Read one whole with `kidneyhub notifications show ID`.")
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one notification whole: what, which value, when, and what to do."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The notification's id (see `kidneyhub notifications list`).") var id: Int64
        @Option(help: "The profile (needed when the store holds several).") var profile: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let (notification, zone) = try await store.openForReading().notifications.show(id: id, profile: profile)
            if json {
                try printJSON(notification)
                return
            }
            for line in WrappedText.lines(
                "\(notification.type.rawValue.uppercased()) #\(id): \(notification.title)",
                indent: "  "
            ) {
                print(line)
            }
            print(
                "Raised \(LocalMinute.text(notification.createdAtMs, in: zone)) (\(zone.identifier))"
                    + (notification.readAtMs == nil ? ", unread." : ", read.")
            )
            for line in WrappedText.lines(notification.body) { print(line) }
            if notification.type == .alert {
                print(
                    "What the advice rules say now: `kidneyhub advice`. Mark it read: `kidneyhub notifications read \(id)`."
                )
            }
        }
    }

    struct Read: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark notifications read: the given ids, or --all.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "Notification ids.") var ids: [Int64] = []
        @Flag(help: "Every unread notification of the profile.") var all = false
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func validate() throws {
            guard all != !ids.isEmpty else { throw ValidationError("give notification ids or --all (not both)") }
        }

        func run() async throws {
            let changed = try await store.openForWriting().notifications.markRead(
                ids: all ? nil : ids,
                profile: profile
            )
            print("Marked \(changed) notification(s) read.")
        }
    }

    struct Settings: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show or change which notification types you get, quiet hours, the desktop and a command.",
            discussion: """
                Types: \(NotificationType.allCases.map(\.rawValue).joined(separator: ", ")). A type switched off is \
                not queued at all. In quiet hours notifications go to the feed and are pushed (desktop, command) when \
                they end; alerts are pushed anyway unless --quiet-for-alerts. The command is run without a shell: \
                `--command /usr/local/bin/notify-me --command --to --command me@example.org`; with --command-input \
                stdin (default) it gets the notification as one JSON line {id, type, title, body, createdAt} on \
                standard input, with `arguments` the placeholders {type}, {title} and {body} in its arguments are \
                replaced.
                """
        )
        @OptionGroup var store: StoreOptions
        @Option(help: "The profile (needed when the store holds several).") var profile: String?
        @Option(help: "Switch a type on (repeatable).") var enable: [NotificationType] = []
        @Option(help: "Switch a type off (repeatable).") var disable: [NotificationType] = []
        @Option(name: .customLong("quiet-hours"), help: "HH:MM-HH:MM, or off.") var quietHours: String?
        @Flag(name: .customLong("quiet-for-alerts"), help: "Hold alerts in quiet hours too.") var quietForAlerts = false
        @Option(help: "on or off.") var desktop: String?
        @Option(help: "The command and its arguments, one per --command (repeatable); `--command off` removes it.")
        var command: [String] = []
        @Option(name: .customLong("command-input"), help: "stdin or arguments.") var commandInput: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            var change = NotificationsService.SettingsChange()
            change.enable = enable
            change.disable = disable
            if let quietHours {
                do {
                    change.quietHours = .some(quietHours == "off" ? nil : try QuietHours(parsing: quietHours))
                } catch {
                    throw CommandFailure("--\(error)")
                }
            }
            change.quietForAlerts = quietForAlerts
            if let desktop {
                guard ["on", "off"].contains(desktop) else { throw CommandFailure("--desktop: on or off") }
                change.desktop = desktop == "on"
            }
            if !command.isEmpty { change.command = .some(command == ["off"] ? nil : command) }
            if let commandInput {
                guard let input = NotificationSettings.CommandInput(rawValue: commandInput) else {
                    throw CommandFailure("--command-input: stdin or arguments")
                }
                change.commandInput = input
            }
            let settings = try await store.openForWriting().notifications.settings(profile: profile, change: change)
            if json {
                try printJSON(settings)
                return
            }
            for type in NotificationType.allCases {
                print("\(type.rawValue): \(settings.disabledTypes.contains(type) ? "off" : "on")")
            }
            print("quiet hours: \(settings.quietHours?.description ?? "none")")
            print("desktop: \(settings.desktop ? "on" : "off")")
            print(
                "command: \(settings.command?.joined(separator: " ") ?? "none") (input: \(settings.commandInput.rawValue))"
            )
        }
    }
}

extension NotificationType: ExpressibleByArgument {}
