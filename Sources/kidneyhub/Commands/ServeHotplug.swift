import AdapterHost
import ArgumentParser
import Care
import Foundation
import HubCore
import HubStore
import LibUSBHotplug
import Logging

/// Where `kidneyhub serve` hears of plugged-in USB devices (`--hotplug`).
enum HotplugChoice: ExpressibleByArgument, Equatable {
    /// libusb hotplug callbacks (the default).
    case libusb
    /// No hotplug.
    case off
    /// A script file of events, followed as it grows (tests, demos without hardware).
    case script(String)

    init?(argument: String) {
        switch argument {
        case "libusb": self = .libusb
        case "off": self = .off
        case _ where argument.hasPrefix("script:") && argument.count > 7: self = .script(String(argument.dropFirst(7)))
        default: return nil
        }
    }

    var defaultValueDescription: String { "libusb" }

    /// The source, or nil when off or libusb cannot watch this machine (logged, the hub serves on).
    func source(logger: Logger) -> (any HotplugSource)? {
        switch self {
        case .off: return nil
        case .script(let path): return ScriptedHotplugSource(path: path)
        case .libusb:
            do {
                return try LibUSBHotplugSource()
            } catch {
                logger.warning("USB hotplug is off: \(error)")
                return nil
            }
        }
    }
}

/// Runs the hotplug coordinator beside `serve`; notifications go to standard output.
struct ServeHotplug {
    private let source: (any HotplugSource)?
    private let task: Task<Void, Never>?

    init(_ choice: HotplugChoice, hub: HubService, logger: Logger) {
        source = choice.source(logger: logger)
        guard let source else {
            task = nil
            return
        }
        let coordinator = HotplugCoordinator(hub: hub) { [store = hub.store] notice in
            // Kept in the feed first (hub-wide: the device may be nobody's yet), where the per-type switches and quiet
            // hours apply; then printed unbuffered, so whoever watches `serve` sees it at once.
            let type: NotificationType = notice.isImport ? .import : .device
            let draft = NotificationDraft(
                type: type,
                title: notice.isImport ? "USB import" : "USB device",
                body: notice.message,
                dedupeKey: notice.key
            )
            do {
                _ = try await store.postNotification(
                    draft,
                    profileId: nil,
                    atMs: EpochMilliseconds.now(),
                    timeZone: .current
                )
            } catch {
                logger.error("could not post the notification \"\(notice.message)\": \(error)")
            }
            FileHandle.standardOutput.write(Data((notice.message + "\n").utf8))
        }
        task = Task { await coordinator.run(source) }
    }

    /// Stops listening and ends the sessions still running.
    func stop() async {
        source?.stop()
        await task?.value
    }
}
