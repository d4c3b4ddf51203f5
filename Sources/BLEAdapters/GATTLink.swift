import AdapterProtocol
import BlueZ
import DBus
import Foundation
import GATTProfiles

/// One connected device and its characteristics, with the event loop the profiles read from.
public final class GATTLink: @unchecked Sendable {
    // @unchecked: used only on the adapter's bus worker queue, like the BlueZ client it wraps.
    public let client: BlueZClient
    public private(set) var device: BlueZDevice
    public let characteristics: [BlueZCharacteristic]
    /// The user's wall clock for the device's time stamps and the clock we write.
    public let timeZone: TimeZone

    init(client: BlueZClient, device: BlueZDevice, characteristics: [BlueZCharacteristic], timeZone: TimeZone) {
        self.client = client
        self.device = device
        self.characteristics = characteristics
        self.timeZone = timeZone
    }

    /// The characteristic with this UUID, if the device has it.
    public func characteristic(_ uuid: String) -> BlueZCharacteristic? {
        characteristics.first { $0.uuid == uuid }
    }

    /// The characteristic, or "unsupported device" naming what is missing.
    public func required(_ uuid: String, _ name: String) throws(BLEFailure) -> BlueZCharacteristic {
        guard let found = characteristic(uuid) else {
            throw BLEFailure(
                .unsupportedDevice,
                "unsupported device \(device.address) (\(device.name ?? "no name")): it has no \(name) characteristic"
            )
        }
        return found
    }

    public func startNotify(_ characteristic: BlueZCharacteristic) throws(BLEFailure) {
        do { try client.startNotify(characteristic) } catch { throw BLEFailure(error) }
    }

    public func write(_ characteristic: BlueZCharacteristic, _ bytes: [UInt8]) throws(BLEFailure) {
        do { try client.writeValue(characteristic, bytes) } catch { throw BLEFailure(error) }
    }

    public func read(_ characteristic: BlueZCharacteristic) throws(BLEFailure) -> [UInt8] {
        do { return try client.readValue(characteristic) } catch { throw BLEFailure(error) }
    }

    /// What happened next on the link.
    public enum Happening: Sendable {
        case value(uuid: String, bytes: [UInt8])
        case disconnected
        case idle
    }

    /// Waits for the next value of one of our characteristics, or the link dropping, up to `idle`.
    public func next(idle: Duration) throws(BLEFailure) -> Happening {
        let deadline = ContinuousClock.now + idle
        while ContinuousClock.now < deadline {
            let event: BlueZEvent?
            do { event = try client.nextEvent(timeout: deadline - ContinuousClock.now) } catch {
                throw BLEFailure(error)
            }
            guard let event else { return .idle }
            switch event {
            case .value(let path, let bytes):
                if let characteristic = characteristics.first(where: { $0.path == path }) {
                    return .value(uuid: characteristic.uuid, bytes: bytes)
                }
            case .deviceChanged(let path, let changed) where path == device.path:
                device.apply(changed)
                if changed["Connected"]?.boolValue == false { return .disconnected }
            default:
                continue
            }
        }
        return .idle
    }

    /// The current local time as a Date Time 0x2A08 (for devices that expect the host to set their clock).
    public func currentDateTime(now: Date = Date()) -> GATTDateTime {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: now)
        return GATTDateTime(
            year: parts.year ?? 0,
            month: parts.month ?? 0,
            day: parts.day ?? 0,
            hours: parts.hour ?? 0,
            minutes: parts.minute ?? 0,
            seconds: parts.second ?? 0
        )
    }

    /// A device wall time as RFC 3339 with the offset it had in the user's time zone (nil when incomplete or a time
    /// that does not exist there).
    public func rfc3339(_ time: GATTDateTime) -> String? { time.rfc3339(in: timeZone) }

    /// Now, as RFC 3339 in the user's zone (for readings the device sent without a time stamp: taken just now).
    public func nowRFC3339() -> String? { rfc3339(currentDateTime()) }

    /// Disconnects, ignoring a link that is already gone.
    public func close() {
        client.disconnect(device)
    }
}
