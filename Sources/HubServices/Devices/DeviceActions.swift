import AdapterHost
import AdapterProtocol

/// A device a scan found, as a front end lists it.
public struct FoundDeviceSummary: Sendable, Equatable {
    /// The adapter that found it.
    public var adapterId: String
    /// Its id with that adapter.
    public var deviceId: String
    /// The name it announces.
    public var name: String
    /// Its manufacturer and model, when it says.
    public var model: String?
    /// Its signal strength in dBm, when the radio reports it.
    public var rssi: Int?
    /// Whether it is paired already, when the adapter knows.
    public var paired: Bool?
}

/// What a scan found, as a front end lists it.
public struct ScanSummary: Sendable, Equatable {
    /// The devices found, by adapter then device id.
    public var devices: [FoundDeviceSummary]
    /// Adapters that could not scan, each with why.
    public var problems: [String]
}

/// How a pairing went.
public enum PairOutcome: Sendable, Equatable {
    /// Paired and remembered: the daemon syncs it from now on. Carries the device's name.
    case paired(name: String)
    /// The device shows a passkey and none (or a wrong one) was given: ask for it, then pair again.
    case needsPasskey(refusedGiven: Bool)
    /// The adapter refused, with its reason.
    case refused(String)
}

/// What one sync stored, as a front end reports it.
public struct SyncSummary: Sendable, Equatable {
    public var adapterId: String
    public var deviceId: String
    /// Records newly stored.
    public var stored: Int
    /// Records that were already stored.
    public var duplicates: Int
    /// Times the adapter crashed or hung and the sync resumed from its cursor.
    public var resumptions: Int
}

extension DevicesService {
    /// Looks for devices for `seconds` (see `scan`), as plain values.
    public func scanSummary(seconds: Double) async throws -> ScanSummary {
        let result = try await scan(seconds: seconds)
        return ScanSummary(
            devices: result.devices.map { found in
                let model = [found.device.manufacturer, found.device.model].compactMap { $0 }.joined(separator: " ")
                return FoundDeviceSummary(
                    adapterId: found.adapterId,
                    deviceId: found.device.deviceId,
                    name: found.device.name,
                    model: model.isEmpty ? nil : model,
                    rssi: found.device.rssi,
                    paired: found.device.paired
                )
            },
            problems: result.problems
        )
    }

    /// Pairs a device (see `pair`); a device that asks for a passkey, or refuses the one given, answers
    /// `needsPasskey` instead of failing, and an adapter's refusal answers `refused` with its reason.
    public func pairOutcome(deviceId: String, adapterId: String?, passkey: String?) async throws -> PairOutcome {
        do {
            let device = try await pair(deviceId: deviceId, adapterId: adapterId, passkey: passkey)
            return .paired(name: device.name)
        } catch let error as RPCError where error.code == .pairingFailed {
            if error.data["needsPasskey"]?.boolValue == true {
                return .needsPasskey(refusedGiven: passkey != nil)
            }
            return .refused(error.message)
        } catch let error as RPCError {
            return .refused(error.message)
        } catch let error as AdapterUnavailable {
            return .refused("\(error)")
        }
    }

    /// Syncs a device (see `sync`), as plain values.
    public func syncSummary(deviceId: String, adapterId: String?) async throws -> SyncSummary {
        let report = try await sync(deviceId: deviceId, adapterId: adapterId)
        return SyncSummary(
            adapterId: report.adapterId,
            deviceId: report.deviceId,
            stored: report.stored,
            duplicates: report.duplicates,
            resumptions: report.resumptions
        )
    }
}
