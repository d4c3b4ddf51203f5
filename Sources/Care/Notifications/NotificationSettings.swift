import Clinical
import Foundation

/// A profile's notification settings: which types it gets, its quiet hours, and where notifications are pushed.
public struct NotificationSettings: Sendable, Hashable, Codable {
    /// Types switched off: nothing of these types is queued, in the feed or elsewhere.
    public var disabledTypes: Set<NotificationType>
    /// Quiet hours; nil for none.
    public var quietHours: QuietHours?
    /// Types pushed even in quiet hours (alerts, by default).
    public var quietHoursExempt: Set<NotificationType>
    /// Whether to show notifications on the desktop (freedesktop notifications on the session bus), when one runs.
    public var desktop: Bool
    /// A command to run for each notification (argv, no shell), for example a mail or push-message script.
    public var command: [String]?
    /// How the command gets the message.
    public var commandInput: CommandInput

    /// How a notification command receives its message.
    public enum CommandInput: String, Sendable, Hashable, Codable, CaseIterable {
        /// The message as JSON (`type`, `title`, `body`, `createdAt`) on standard input; argv as configured.
        case stdin
        /// `{type}`, `{title}` and `{body}` in the configured arguments replaced by the message's; nothing on stdin.
        case arguments
    }

    /// Defaults: every type on, no quiet hours, alerts exempt from them, desktop on, no command.
    public init(
        disabledTypes: Set<NotificationType> = [],
        quietHours: QuietHours? = nil,
        quietHoursExempt: Set<NotificationType> = [.alert],
        desktop: Bool = true,
        command: [String]? = nil,
        commandInput: CommandInput = .stdin
    ) {
        self.disabledTypes = disabledTypes
        self.quietHours = quietHours
        self.quietHoursExempt = quietHoursExempt
        self.desktop = desktop
        self.command = command
        self.commandInput = commandInput
    }

    /// When a notification of `type` raised at `atMs` may be pushed: nil when its type is off (it is not queued at
    /// all), `atMs` outside quiet hours, else the end of the quiet hours.
    public func pushTime(for type: NotificationType, at atMs: Int64, in timeZone: TimeZone) -> Int64? {
        guard !disabledTypes.contains(type) else { return nil }
        guard let quietHours, !quietHoursExempt.contains(type),
            quietHours.contains(GoalCalendar.timeOfDay(at: atMs, in: timeZone))
        else { return atMs }
        let today = GoalCalendar.date(at: atMs, in: timeZone)
        let endToday = GoalCalendar.instant(today, quietHours.end, in: timeZone)
        return endToday > atMs ? endToday : GoalCalendar.instant(today.adding(days: 1), quietHours.end, in: timeZone)
    }

    /// Checks the command: an absolute program path and at most 64 arguments.
    public func validate() throws(GoalFieldError) {
        guard let command else { return }
        guard let program = command.first, program.hasPrefix("/") else {
            throw GoalFieldError(field: "command", reason: "the program must be an absolute path (no shell is used)")
        }
        guard command.count <= 64 else { throw GoalFieldError(field: "command", reason: "at most 64 arguments") }
    }
}
