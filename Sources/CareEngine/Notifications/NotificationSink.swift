import Care
import HubCore
import HubRecords
import HubStore

/// Somewhere a notification is pushed beyond the feed: the desktop, a user's command.
public protocol NotificationSink: Sendable {
    /// A name for logs (`desktop`, `command`).
    var name: String { get }
    /// Whether this sink takes notifications for a profile with these settings.
    func accepts(_ settings: NotificationSettings) -> Bool
    /// Pushes one notification; throws with the reason when it could not.
    func push(_ notification: StoredNotification, settings: NotificationSettings) async throws
}
