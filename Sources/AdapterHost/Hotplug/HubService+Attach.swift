import AdapterProtocol
import HubCore
import HubRecords
import HubStore

extension HubService {
    /// What reading one hot-plugged device brought.
    public struct AttachReport: Sendable, Hashable {
        public var adapterId: String
        public var device: DeviceDescriptor
        /// Records the adapter said the hub acknowledged.
        public var submitted: Int
        /// What was newly stored, by kind.
        public var newReadings: HubDatabase.NewReadings
        /// The cursor the attach carried; nil when the adapter was asked for everything.
        public var cursor: String?
    }

    /// Hands a hot-plugged device to its adapter with `devices/attach` and waits until it was read.
    /// A device the store already knows (by the serial the bus reported, else by `lastDeviceId`,
    /// the device this adapter last read at the same place) gets its stored cursor, so the adapter
    /// sends only newer records; otherwise the adapter sends all and the store keeps each reading
    /// once. The adapter ignores a cursor when the meter it finds is another one.
    public func attach(
        _ arrival: USBArrival,
        adapterId: String,
        lastDeviceId: String? = nil
    ) async throws -> AttachReport {
        let client = try await supervisor(for: adapterId).client()
        guard client.info?.capabilities.attach == true else {
            throw RPCError(
                .methodNotFound,
                "adapter \(adapterId) does not read hot-plugged devices (no attach capability)"
            )
        }
        var deviceId: String?
        var cursor: String?
        if let candidate = arrival.serial ?? lastDeviceId,
            try await store.devices().contains(where: {
                $0.identity.adapterId == adapterId && $0.identity.deviceId == candidate
            })
        {
            deviceId = candidate
            cursor = try await store.syncCursor(adapterId: adapterId, deviceId: candidate)
        }
        let startedMs = EpochMilliseconds.now()
        let result = try await client.attach(
            AttachDeviceRequest(deviceId: deviceId, node: arrival.node, usb: arrival.address, cursor: cursor)
        )
        let fresh = try await store.newReadings(
            adapterId: adapterId,
            deviceId: result.device.deviceId,
            sinceMs: startedMs
        )
        return AttachReport(
            adapterId: adapterId,
            device: result.device,
            submitted: result.submitted,
            newReadings: fresh,
            cursor: cursor
        )
    }
}
