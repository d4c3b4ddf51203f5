import AdapterHost
import AdapterProtocol
import Clinical
import HubCore
import HubRecords
import HubStore

/// Devices: finding them, pairing them, reading their new records, listing them, giving their readings to a profile.
///
/// Operations that run adapters go through the hub running on the store (`kidneyhub serve`) when one answers its
/// control socket, else through a hub of this process that holds the store's lock for the operation.
public struct DevicesService: Sendable {
    let app: HubApplication
    let setup: AdapterSetup

    /// What a scan found.
    public struct ScanResult: Sendable, Equatable {
        /// The devices found, by adapter then device id.
        public var devices: [HubService.FoundDevice]
        /// Adapters that could not scan, each with why; the others' devices are still listed.
        public var problems: [String]
    }

    /// Asks every adapter that can discover to look for devices for `seconds`.
    public func scan(seconds: Double) async throws -> ScanResult {
        let (devices, problems) = try await app.viaRunningHub(ControlScanRequest(seconds: seconds)) {
            ($0.devices, $0.problems)
        } orInProcess: {
            try await app.withInProcessHub(setup) { hub in await hub.scan(seconds: seconds) }
        }
        return ScanResult(devices: devices, problems: problems)
    }

    /// Pairs a device through its adapter (the one given, else the one that knows or finds it) and remembers it, so
    /// the daemon syncs it from then on. A device that shows a passkey fails with `RPCError` `.pairingFailed` and
    /// `needsPasskey` in its data until the passkey is given.
    public func pair(deviceId: String, adapterId: String?, passkey: String?) async throws -> DeviceDescriptor {
        let request = ControlPairRequest(deviceId: deviceId, adapterId: adapterId, passkey: passkey)
        return try await app.viaRunningHub(request, \.device) {
            try await app.withInProcessHub(setup) { hub in
                let adapterId = try await hub.adapter(of: deviceId, given: adapterId)
                return try await hub.pair(deviceId: deviceId, adapterId: adapterId, passkey: passkey)
            }
        }
    }

    /// Reads a device's new records into the store from its stored cursor; its adapter is the one given, else the
    /// one it last synced with, else the one whose scan finds it.
    public func sync(deviceId: String, adapterId: String?) async throws -> HubService.SyncReport {
        try await app.viaRunningHub(ControlSyncRequest(deviceId: deviceId, adapterId: adapterId), { $0 }) {
            try await app.withInProcessHub(setup) { hub in
                let adapterId = try await hub.adapter(of: deviceId, given: adapterId)
                return try await hub.sync(deviceId: deviceId, adapterId: adapterId)
            }
        }
    }
}

extension HubApplication {
    /// Device operations whose adapters are found and supervised as `setup` says.
    public func devices(_ setup: AdapterSetup) -> DevicesService { DevicesService(app: self, setup: setup) }

    /// The devices the store knows (no adapter is run).
    public func knownDevices() async throws -> [StoredDevice] { try await store.devices() }
}
