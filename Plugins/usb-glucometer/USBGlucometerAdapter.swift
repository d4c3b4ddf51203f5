import AdapterKit
import AdapterProtocol
import Foundation
import Glucometers
import USBTransport

/// Reads a hot-plugged USB glucometer when the hub sends `devices/attach`: opens its report
/// channel, downloads it with the driver of its protocol, and submits the readings newer than the
/// hub's cursor in one go, so an interrupted download stores nothing and the next plug-in resumes.
struct USBGlucometerAdapter: Adapter {
    var info: AdapterInfo {
        AdapterInfo(id: "usb-glucometer", name: "USB glucometers (FreeStyle, Contour)", version: "0.1.0")
    }
    var capabilities: AdapterCapabilities { AdapterCapabilities(attach: true, cancel: true) }

    /// How long the meter may stay silent before the session fails: the 15 s an ASTM E1381 sender
    /// waits for a reply (a receiver waits 30 s for a frame); FreeStyle meters answer within a second.
    static let replyTimeout: Duration = .seconds(15)

    func attach(_ request: AttachDeviceRequest, context: AdapterContext) async throws -> AttachDeviceResult {
        let address = try MeterAddress(request)
        guard let meterProtocol = MeterProtocol(vendorId: address.vendorId) else {
            throw RPCError(.unsupportedDevice, "no driver for USB device \(address.label)")
        }
        await context.progress(ProgressValue(kind: .begin, message: "reading \(address.label)"))
        let download: MeterDownload
        do throws(AttachFailure) {
            download = try await BlockingWork.run { () throws(AttachFailure) -> MeterDownload in
                let channel: any HIDReportChannel
                do throws(ReportChannelError) {
                    channel = try address.open()
                } catch {
                    throw .open(error)
                }
                defer { channel.close() }
                do throws(GlucometerError) {
                    return try meterProtocol.download(
                        channel: channel,
                        productId: address.productId,
                        timeout: Self.replyTimeout
                    )
                } catch {
                    throw .meter(error)
                }
            }
        } catch {
            throw error.rpcError(address.label)
        }
        try Task.checkCancellation()
        let zone = TimeZone.current
        let clockProblem = MeterClockCheck.problem(meterClock: download.meterClock, now: Date(), zone: zone)
        if let clockProblem {
            context.logger.log(
                .warning,
                "\(download.model) \(download.serial): \(clockProblem); its readings are flagged \(ReadingRecords.clockSuspect)"
            )
        }
        // The report of what the meter held: glucose and β-ketone readings (those beyond the
        // meter's range counted apart), other records by what they are, and
        // each record that could not be read, with its line. Sent to the hub as log notifications
        // (adapter-protocol.md §3), so they reach its log and `devices sync`, not only stderr.
        let name = "\(download.model) \(download.serial)"
        await context.log(.info, "\(name): \(download.summary)")
        for note in download.notes {
            await context.log(.warning, "\(name): \(note)")
        }
        for problem in download.problems {
            await context.log(.warning, "\(name): unreadable record, skipped: \(problem)")
        }
        // The hub's cursor is for the device it named; a different meter on that port starts afresh.
        let cursor = request.deviceId == nil || request.deviceId == download.serial ? MeterCursor(request.cursor) : nil
        let fresh = MeterCursor.newReadings(download.submittableReadings, after: cursor)
        let records = ReadingRecords.records(
            fresh,
            serial: download.serial,
            zone: zone,
            clockSuspect: clockProblem != nil
        )
        let device = DeviceIdentity(
            deviceId: download.serial,
            manufacturer: download.manufacturer,
            model: download.model,
            serial: download.serial
        )
        let submitter = context.submitter(for: device)
        if !fresh.isEmpty, let next = MeterCursor.after(fresh, previous: cursor) {
            try await submitter.submit(records, cursor: next.description)
        }
        let summary = try await submitter.finish()
        await context.progress(
            ProgressValue(
                kind: .end,
                message: "\(summary.submitted) readings submitted; on the meter: \(download.summary)",
                done: fresh.count,
                total: fresh.count
            )
        )
        return AttachDeviceResult(
            device: DeviceDescriptor(
                deviceId: download.serial,
                name: download.model,
                kinds: download.ketoneReadings.isEmpty ? ["blood_glucose"] : ["blood_glucose", "blood_ketone"],
                manufacturer: download.manufacturer,
                model: download.model,
                serial: download.serial
            ),
            submitted: summary.submitted
        )
    }
}

/// Why an attach failed before anything was submitted.
enum AttachFailure: Error {
    case open(ReportChannelError)
    case meter(GlucometerError)

    /// The protocol error for the hub (adapter-protocol.md §8).
    func rpcError(_ label: String) -> RPCError {
        switch self {
        case .open(let error):
            RPCError(.deviceNotFound, "USB meter \(label): \(error)")
        case .meter(let error) where error.isDisconnect:
            RPCError(
                .deviceDisconnected,
                "USB meter \(label) disconnected mid-download (\(error)); nothing stored, plug it in again",
                retryable: true
            )
        case .meter(let error):
            RPCError(.requestFailed, "USB meter \(label): \(error); nothing stored")
        }
    }
}
