import Foundation
import HubCore
import HubRecords

/// One `measurements/submit` batch, validated and normalized, ready to be written in one transaction.
public struct IngestBatch: Sendable {
    /// The batch's device; records without their own `device` belong to it, and the cursor is stored for it.
    public var device: DeviceIdentity
    /// The records in the order they were sent.
    public var records: [IngestRecord]
    /// The adapter's opaque cursor, stored for `device` in the same transaction as the records.
    public var cursor: String?
    /// When the hub received the batch (epoch ms); devices' `lastSeenAtMs` and rows' `receivedAtMs`.
    public var receivedAtMs: Int64

    /// A batch; `receivedAtMs` defaults to now.
    public init(
        device: DeviceIdentity,
        records: [IngestRecord],
        cursor: String? = nil,
        receivedAtMs: Int64 = EpochMilliseconds.now()
    ) {
        self.device = device
        self.records = records
        self.cursor = cursor
        self.receivedAtMs = receivedAtMs
    }
}

/// One record of a batch, with the device that overrides the batch's, if any.
public struct IngestRecord: Sendable {
    /// The normalized reading.
    public var measurement: NormalizedMeasurement
    /// The record's own device (an export file holding several devices); nil means the batch's device.
    public var device: DeviceIdentity?

    /// A record, optionally from a device other than the batch's.
    public init(_ measurement: NormalizedMeasurement, device: DeviceIdentity? = nil) {
        self.measurement = measurement
        self.device = device
    }
}
