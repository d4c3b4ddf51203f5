import Care
import Foundation
import HubCore
import HubRecords
import HubStore
import Logging

/// Pushes queued notifications whose time has come (after quiet hours) to the sinks each profile wants, and marks
/// them pushed. A sink's failure is logged and does not stop the others; the feed keeps every notification.
public actor NotificationDispatcher {
    private let store: HubDatabase
    private let sinks: [any NotificationSink]
    private let logger = Logger(label: "kidneyhub.notifications")

    /// A dispatcher over `store` with these sinks.
    public init(store: HubDatabase, sinks: [any NotificationSink]) {
        self.store = store
        self.sinks = sinks
    }

    /// Pushes everything due at `atMs`; returns how many notifications were handled.
    @discardableResult
    public func deliverDue(at atMs: Int64) async -> Int {
        let due: [StoredNotification]
        do {
            due = try await store.notificationsToPush(atMs: atMs)
        } catch {
            logger.error("could not read the notifications to push: \(error)")
            return 0
        }
        var handled = 0
        for notification in due {
            let settings =
                (try? await store.notificationSettings(profileId: notification.profileId))
                ?? NotificationSettings()
            for sink in sinks where sink.accepts(settings) {
                do {
                    try await sink.push(notification, settings: settings)
                } catch {
                    logger.warning("\(sink.name): could not push notification #\(notification.id): \(error)")
                }
            }
            do {
                try await store.markNotificationPushed(id: notification.id, atMs: atMs)
                handled += 1
            } catch {
                logger.error("could not mark notification #\(notification.id) pushed: \(error)")
            }
        }
        return handled
    }
}
