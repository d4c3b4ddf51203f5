import Care
import Clinical
import Foundation
import HubRecords
import HubStore

/// The notification feed and how notifications reach the person.
public struct NotificationsService: Sendable {
    let app: HubApplication

    /// The profile's notifications, newest first.
    public func list(profile: String?, unreadOnly: Bool, limit: Int) async throws -> [StoredNotification] {
        let stored = try await app.store.selectProfile(named: profile)
        return try await app.store.notifications(profileId: stored.id, unreadOnly: unreadOnly, limit: limit)
    }

    /// A profile's feed: its notifications and the zone their times are shown in.
    public struct Feed: Sendable {
        /// The profile.
        public var profile: StoredProfile
        /// Its notifications (and the hub-wide ones), newest first.
        public var notifications: [StoredNotification]
        /// The profile's time zone (UTC when unknown).
        public var timeZone: TimeZone
    }

    /// The profile's feed as a page shows it: at most `limit` notifications, newest first, with the profile's zone.
    public func feed(profile: String?, limit: Int) async throws -> Feed {
        let stored = try await app.store.selectProfile(named: profile)
        let notifications = try await app.store.notifications(profileId: stored.id, unreadOnly: false, limit: limit)
        return Feed(profile: stored, notifications: notifications, timeZone: (try? stored.profile.timeZone()) ?? .gmt)
    }

    /// One notification of the profile (or hub-wide) with the profile's time zone for showing its time; throws
    /// `CareServiceError.notStored` naming the id when there is none.
    public func show(id: Int64, profile: String?) async throws -> (StoredNotification, TimeZone) {
        let stored = try await app.store.selectProfile(named: profile)
        guard let found = try await app.store.notification(id: id, profileId: stored.id) else {
            throw CareServiceError.notStored(reason: "id: profile '\(stored.name)' has no notification \(id)")
        }
        return (found, (try? stored.profile.timeZone()) ?? .gmt)
    }

    /// The profile's time zone, in which notification times are shown (UTC when unknown).
    public func timeZone(profile: String?) async throws -> TimeZone {
        let stored = try await app.store.selectProfile(named: profile)
        return (try? stored.profile.timeZone()) ?? .gmt
    }

    /// Marks notifications read: `ids`, or every unread one of the profile when nil; returns how many changed.
    public func markRead(ids: [Int64]?, profile: String?) async throws -> Int {
        let stored = try await app.store.selectProfile(named: profile)
        return try await app.store.markNotificationsRead(ids: ids, profileId: stored.id, atMs: app.now())
    }

    /// A change to the notification settings; every field left at its default changes nothing.
    public struct SettingsChange: Sendable, Equatable {
        /// Types switched on.
        public var enable: [NotificationType] = []
        /// Types switched off (not queued at all).
        public var disable: [NotificationType] = []
        /// New quiet hours: `.some(nil)` removes them.
        public var quietHours: QuietHours?? = nil
        /// Hold alerts in quiet hours too.
        public var quietForAlerts = false
        /// Push to the desktop or not.
        public var desktop: Bool? = nil
        /// The command and its arguments: `.some(nil)` removes it.
        public var command: [String]?? = nil
        /// How the command gets the notification.
        public var commandInput: NotificationSettings.CommandInput? = nil

        /// No change.
        public init() {}

        /// The types a form's choice never switches off: alerts on a value that needs attention (a page or an app
        /// may switch them back on; only the command line switches them off).
        public static let kept: Set<NotificationType> = [.alert]

        /// A form's choice of types: those ticked on, the others off, except the `kept` ones, never switched off.
        public static func types(on chosen: Set<NotificationType>) -> SettingsChange {
            var change = SettingsChange()
            change.enable = NotificationType.allCases.filter { chosen.contains($0) }
            change.disable = NotificationType.allCases.filter { !kept.contains($0) && !chosen.contains($0) }
            return change
        }

        /// Whether this changes nothing.
        public var isEmpty: Bool { self == SettingsChange() }
    }

    /// The profile's notification settings after `change` (validated, and stored when it changes anything).
    public func settings(profile: String?, change: SettingsChange = SettingsChange()) async throws
        -> NotificationSettings
    {
        let stored = try await app.store.selectProfile(named: profile)
        var settings = try await app.store.notificationSettings(profileId: stored.id)
        settings.disabledTypes.subtract(change.enable)
        settings.disabledTypes.formUnion(change.disable)
        if let quietHours = change.quietHours { settings.quietHours = quietHours }
        if change.quietForAlerts { settings.quietHoursExempt.remove(.alert) }
        if let desktop = change.desktop { settings.desktop = desktop }
        if let command = change.command { settings.command = command }
        if let input = change.commandInput { settings.commandInput = input }
        do {
            try settings.validate()
        } catch {
            throw CareServiceError.notStored(reason: "\(error)")
        }
        // Checked when set, not when a notification is pushed: a program that is not there would fail silently
        // later, and the user would miss every notification it was meant to carry (issue 21).
        if let command = change.command, let program = command?.first,
            !FileManager.default.isExecutableFile(atPath: program)
        {
            throw CareServiceError.notStored(
                reason: "command: \(program) is not an executable file (give the absolute path of a program)"
            )
        }
        if !change.isEmpty { try await app.store.saveNotificationSettings(settings, profileId: stored.id) }
        return settings
    }
}

extension HubApplication {
    /// The notification feed and settings.
    public var notifications: NotificationsService { NotificationsService(app: self) }
}
