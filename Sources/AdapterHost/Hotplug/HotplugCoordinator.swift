import AdapterProtocol
import Foundation
import HubCore
import HubRecords
import HubStore
import Logging

/// Turns hotplug events into adapter sessions: an arrival is matched against the adapters'
/// manifests (`USBModalias`), the matching adapter is started and sent `devices/attach`, and the
/// user is told what was imported; a departure ends the device's session; a device no adapter
/// handles is logged as unsupported and nothing is launched. Every step is kept in the store's
/// adapter event log; what the user is told goes to `notify` (the daemon prints it and posts it to the feed).
public actor HotplugCoordinator {
    private let hub: HubService
    private let notify: @Sendable (HotplugNotice) async -> Void
    /// The adapter of each device plugged in now, until it leaves.
    private var plugged: [USBDeviceKey: String] = [:]
    /// The device each adapter last read at a place, to find its cursor when the bus reports no serial.
    private var lastDeviceAt: [USBDeviceKey: String] = [:]
    /// The read running for a device, if any.
    private var sessions: [USBDeviceKey: (task: Task<Void, Never>, token: UUID)] = [:]
    private let logger = Logger(label: "kidneyhub.hotplug")

    /// The adapter id under which events about devices no adapter handles are logged.
    public static let unsupportedLogId = "hotplug"

    /// A coordinator starting `hub`'s adapters and telling `notify` what each device brought.
    public init(hub: HubService, notify: @escaping @Sendable (HotplugNotice) async -> Void) {
        self.hub = hub
        self.notify = notify
    }

    /// Follows `source` until it ends, then ends the sessions still running.
    public func run(_ source: any HotplugSource) async {
        for await event in source.events {
            switch event {
            case .arrived(let arrival): await arrived(arrival)
            case .left(let key): await left(key)
            }
        }
        let running = sessions.values.map(\.task)
        sessions.removeAll()
        plugged.removeAll()
        for task in running { task.cancel() }
        for task in running { await task.value }
    }

    private func arrived(_ arrival: USBArrival) async {
        guard let adapter = USBModalias.adapter(for: arrival, among: hub.catalog.adapters) else {
            let message =
                "unsupported USB device \(arrival.label) at \(arrival.key): no adapter's manifest matches \(USBModalias.alias(vendorId: arrival.vendorId, productId: arrival.productId)); nothing launched"
            logger.notice("\(message)")
            await record(Self.unsupportedLogId, .deviceUnsupported, message)
            return
        }
        // libusb may report one arrival twice (with LIBUSB_HOTPLUG_ENUMERATE, architecture.md §1.6).
        guard plugged[arrival.key] == nil else { return }
        plugged[arrival.key] = adapter.id
        await record(
            adapter.id,
            .deviceAttached,
            "USB device \(arrival.label) at \(arrival.key) handed to \(adapter.id)"
        )
        let token = UUID()
        let task = Task { await self.read(arrival, adapterId: adapter.id, token: token) }
        sessions[arrival.key] = (task, token)
    }

    private func left(_ key: USBDeviceKey) async {
        guard let adapterId = plugged.removeValue(forKey: key) else { return }
        if let session = sessions.removeValue(forKey: key) {
            session.task.cancel()
            // Said once the read is cancelled and before this actor lets the read go on: from here, whatever the
            // adapter answers (the cable out, the meter silent) ends the read as "the device left", never as a
            // failure to report. An operator sees why the read stopped; a test knows it may pull the cable now.
            logger.notice("USB device at \(key) left; cancelling its read by \(adapterId)")
            await session.task.value
        }
        await record(adapterId, .deviceDetached, "USB device at \(key) left; its session ended")
    }

    private func read(_ arrival: USBArrival, adapterId: String, token: UUID) async {
        let message: String
        let outcome: HotplugNotice.Outcome
        var detail: String?
        do {
            let report = try await hub.attach(arrival, adapterId: adapterId, lastDeviceId: lastDeviceAt[arrival.key])
            lastDeviceAt[arrival.key] = report.device.deviceId
            message = Self.importMessage(report)
            outcome = .imported(device: report.device.name, readings: report.newReadings)
            detail =
                "device \(report.device.deviceId): the adapter submitted \(report.submitted) records"
                + (report.cursor.map { " after cursor \($0)" } ?? " (no cursor: every record on the device)")
        } catch let error as RPCError where error.code == .requestCancelled || Task.isCancelled {
            logger.notice("reading \(arrival.label) ended: the device left")
            finish(arrival.key, token)
            return
        } catch is CancellationError {
            finish(arrival.key, token)
            return
        } catch let error as RPCError where error.code == .deviceDisconnected {
            message =
                "USB device \(arrival.label) was unplugged before it was read; nothing stored from it this time, plug it in again (\(error.message))"
            outcome = .unplugged(device: arrival.label)
        } catch {
            message = "USB device \(arrival.label) could not be read by \(adapterId): \(error)"
            outcome = .unreadable(device: arrival.label, adapter: adapterId)
        }
        // Kept first, then shown: whoever sees the line finds the event in the store.
        await record(adapterId, .notification, message, detail: detail)
        await notify(HotplugNotice(outcome: outcome, message: message, key: "usb:\(token.uuidString)"))
        finish(arrival.key, token)
    }

    /// Forgets the session once done, unless a newer one took its place.
    private func finish(_ key: USBDeviceKey, _ token: UUID) {
        if sessions[key]?.token == token { sessions[key] = nil }
    }

    /// "12 new glucose readings from FreeStyle Precision Neo", plus what was kept apart or flagged.
    static func importMessage(_ report: HubService.AttachReport) -> String {
        let name = report.device.name
        let fresh = report.newReadings
        var parts: [String] = []
        for (kind, count) in fresh.byKind.sorted(by: { $0.key < $1.key }) {
            let noun = kind.replacingOccurrences(of: "blood_", with: "").replacingOccurrences(of: "_", with: " ")
            parts.append("\(count) new \(noun) reading\(count == 1 ? "" : "s")")
        }
        var message = parts.isEmpty ? "No new readings from \(name)" : parts.joined(separator: ", ") + " from \(name)"
        if fresh.controlSolution > 0 {
            message +=
                "; \(fresh.controlSolution) control-solution test\(fresh.controlSolution == 1 ? "" : "s") kept apart"
        }
        if fresh.beyondMeterRange > 0 {
            message +=
                "; \(fresh.beyondMeterRange) beyond the meter's range (HI or LO)"
        }
        if fresh.clockSuspect > 0 {
            message += "; \(fresh.clockSuspect) flagged because the meter's clock looks wrong"
        }
        return message
    }

    private func record(_ adapterId: String, _ kind: AdapterEventKind, _ message: String, detail: String? = nil) async {
        do {
            _ = try await hub.store.recordAdapterEvent(
                AdapterEvent(
                    adapterId: adapterId,
                    atMs: EpochMilliseconds.now(),
                    kind: kind,
                    message: message,
                    detail: detail
                )
            )
        } catch {
            logger.error("could not record hotplug event \(kind.rawValue): \(error)")
        }
    }
}

/// What a plugged-in device brought, for the user: an import's result or a device's failure.
public struct HotplugNotice: Sendable, Equatable {
    /// What happened, as data (a page in another language writes it from this).
    public enum Outcome: Sendable, Equatable {
        /// The device named `device` was read: what it brought that was new.
        case imported(device: String, readings: HubDatabase.NewReadings)
        /// The device left before it was read; nothing was stored from it.
        case unplugged(device: String)
        /// The adapter `adapter` could not read the device.
        case unreadable(device: String, adapter: String)
    }

    /// What happened.
    public var outcome: Outcome
    /// The line to show in English ("12 new glucose readings from FreeStyle Precision Neo").
    public var message: String
    /// A key unique to this read, so the notice is posted once.
    public var key: String

    /// True for an import's result, false for a device that could not be read.
    public var isImport: Bool {
        if case .imported = outcome { return true }
        return false
    }
}
