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
            dedupeKey: notice.key,
            message: Self.message(notice.outcome)
        )
        _ = try await store.postNotification(draft, profileId: nil, atMs: now(), timeZone: .current)
    }

    /// A notice's outcome as a notification's message.
    static func message(_ outcome: HotplugNotice.Outcome) -> NotificationMessage {
        switch outcome {
        case .imported(let device, let readings):
            .usbImport(
                device: device,
                readings: readings.byKind,
                controlSolution: readings.controlSolution,
                beyondMeterRange: readings.beyondMeterRange,
                clockSuspect: readings.clockSuspect
            )
        case .unplugged(let device): .usbUnplugged(device: device)
        case .unreadable(let device, let adapter): .usbUnreadable(device: device, adapter: adapter)
        }
    }
}
