import AdapterHost
import Care
import Foundation
import HubRecords
import HubStore

extension HubApplication {
    /// Keeps what a plugged-in USB device brought in the notification feed, hub-wide (the device may be nobody's
    /// yet), where the per-type switches and quiet hours apply; posted once per read (the notice's key).
    public func postHotplugNotice(_ notice: HotplugNotice) async throws {
        let draft = NotificationDraft(
            type: notice.isImport ? .import : .device,
            title: notice.isImport ? "USB import" : "USB device",
            body: notice.message,
            dedupeKey: notice.key
        )
        _ = try await store.postNotification(draft, profileId: nil, atMs: now(), timeZone: .current)
    }
}
