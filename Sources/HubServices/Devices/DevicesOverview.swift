import AdapterHost
import AdapterProtocol
import HubRecords
import HubStore

/// What the devices page shows before anything is run: the adapters on the search path with their health, and the
/// devices the store knows with whom their readings go to.
public struct DevicesOverview: Sendable, Equatable {
    /// One adapter on the search path.
    public struct Adapter: Sendable, Equatable {
        /// The manifest's id.
        public var id: String
        /// The manifest's name.
        public var name: String
        /// Its supervisor's state in the store; `idle` when the store never ran it.
        public var state: AdapterState
        /// Whether it finds devices by itself (Bluetooth, USB, the simulator) rather than reading export files.
        public var findsDevices: Bool

        /// A crash loop tripped its breaker: it starts again only after a retry.
        public var failed: Bool { state == .failed }
    }

    /// One device the store knows.
    public struct Device: Sendable, Equatable {
        /// The adapter that reads it.
        public var adapterId: String
        /// The device's id with that adapter.
        public var deviceId: String
        /// Its manufacturer and model, when known.
        public var model: String?
        /// When a batch last named it (UTC epoch milliseconds).
        public var lastSeenAtMs: Int64
        /// Whose readings it gives, by user slot (nil: every slot without its own assignment).
        public var assignments: [(userIndex: Int?, profile: String)]

        public static func == (left: Device, right: Device) -> Bool {
            left.adapterId == right.adapterId && left.deviceId == right.deviceId && left.model == right.model
                && left.lastSeenAtMs == right.lastSeenAtMs
                && left.assignments.elementsEqual(right.assignments) {
                    $0.userIndex == $1.userIndex && $0.profile == $1.profile
                }
        }
    }

    /// The adapters, in search-path order.
    public var adapters: [Adapter]
    /// Manifests that could not be read, each with why.
    public var problems: [String]
    /// The devices the store knows, by adapter then device id.
    public var devices: [Device]
}

extension DevicesService {
    /// The adapters on the search path with their health, and the known devices with their assignments; runs no
    /// adapter.
    public func overview() async throws -> DevicesOverview {
        var states: [String: AdapterState] = [:]
        for record in try await app.store.adapters() { states[record.id] = record.state }
        let adapters = setup.catalog.adapters.map { adapter in
            let matches = adapter.manifest.matches
            let readsFiles = !(matches?.files ?? []).isEmpty
            return DevicesOverview.Adapter(
                id: adapter.id,
                name: adapter.manifest.name,
                state: states[adapter.id] ?? .idle,
                findsDevices: !readsFiles
            )
        }
        let names = Dictionary(
            try await app.profiles.list().map { ($0.id, $0.name) },
            uniquingKeysWith: { first, _ in first }
        )
        let assignments = Dictionary(grouping: try await app.store.deviceAssignments(), by: \.deviceRowId)
        let devices = try await app.store.devices().map { device in
            let model = [device.identity.manufacturer, device.identity.model].compactMap { $0 }.joined(separator: " ")
            return DevicesOverview.Device(
                adapterId: device.identity.adapterId,
                deviceId: device.identity.deviceId,
                model: model.isEmpty ? nil : model,
                lastSeenAtMs: device.lastSeenAtMs,
                assignments: (assignments[device.rowId] ?? []).map { assignment in
                    (
                        userIndex: assignment.userIndex == DeviceAssignment.anyUser ? nil : assignment.userIndex,
                        profile: names[assignment.profileId] ?? "#\(assignment.profileId)"
                    )
                }
            )
        }
        return DevicesOverview(
            adapters: adapters,
            problems: setup.catalog.problems.map(\.description),
            devices: devices.sorted { ($0.adapterId, $0.deviceId) < ($1.adapterId, $1.deviceId) }
        )
    }
}
