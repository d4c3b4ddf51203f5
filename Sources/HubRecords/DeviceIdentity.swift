/// A device as an adapter names it: the adapter's id, the adapter's own id for the device, and what it told us.
public struct DeviceIdentity: Sendable, Hashable, Codable {
    /// The adapter that reads the device (`adapterInfo.id`).
    public var adapterId: String
    /// The adapter's stable id for the device (a Bluetooth address, a USB serial ...).
    public var deviceId: String
    /// Maker, when known.
    public var manufacturer: String?
    /// Model, when known.
    public var model: String?
    /// Serial number, when known.
    public var serial: String?

    /// A device identity; the optional fields update the stored device when they are given.
    public init(
        adapterId: String,
        deviceId: String,
        manufacturer: String? = nil,
        model: String? = nil,
        serial: String? = nil
    ) {
        self.adapterId = adapterId
        self.deviceId = deviceId
        self.manufacturer = manufacturer
        self.model = model
        self.serial = serial
    }
}

/// A device row: its identity and when the hub first and last received its readings.
public struct StoredDevice: Sendable, Equatable {
    /// The row id measurements refer to.
    public var rowId: Int64
    /// Who the device is.
    public var identity: DeviceIdentity
    /// When a batch first named the device (epoch ms).
    public var firstSeenAtMs: Int64
    /// When a batch last named the device (epoch ms).
    public var lastSeenAtMs: Int64

    /// A device row from its columns.
    public init(rowId: Int64, identity: DeviceIdentity, firstSeenAtMs: Int64, lastSeenAtMs: Int64) {
        self.rowId = rowId
        self.identity = identity
        self.firstSeenAtMs = firstSeenAtMs
        self.lastSeenAtMs = lastSeenAtMs
    }
}
