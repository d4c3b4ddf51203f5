import HubCore

/// A measurement as stored: its row id, its device, the normalized reading and when the hub received it.
public struct StoredMeasurement: Sendable, Equatable {
    /// The row id.
    public var id: Int64
    /// The device it came from.
    public var device: StoredDevice
    /// The reading, canonical and as sent.
    public var measurement: NormalizedMeasurement
    /// When the hub received its batch (epoch ms).
    public var receivedAtMs: Int64

    /// A stored measurement from its parts.
    public init(id: Int64, device: StoredDevice, measurement: NormalizedMeasurement, receivedAtMs: Int64) {
        self.id = id
        self.device = device
        self.measurement = measurement
        self.receivedAtMs = receivedAtMs
    }
}
