import Foundation
import HubCore

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

/// What a committed batch did: the counts for the acknowledgement and what the goals engine needs next.
public struct IngestOutcome: Sendable, Equatable {
    /// Records newly stored.
    public var stored: Int
    /// Records already stored before (same device and `sourceRecordId`), including repeats within the batch.
    public var duplicates: Int
    /// Row ids of the newly stored records, in batch order.
    public var storedIds: [Int64]
    /// Kinds of the newly stored records.
    public var touchedKinds: Set<MeasurementKind>
    /// Per kind, how many records were newly stored and how many were duplicates (an import's summary).
    public var perKind: [MeasurementKind: KindTally]

    /// Newly stored and duplicate records of one kind.
    public struct KindTally: Sendable, Hashable {
        public var stored = 0
        public var duplicates = 0
        public init(stored: Int = 0, duplicates: Int = 0) {
            self.stored = stored
            self.duplicates = duplicates
        }
    }

    /// An outcome from its parts.
    public init(
        stored: Int,
        duplicates: Int,
        storedIds: [Int64],
        touchedKinds: Set<MeasurementKind>,
        perKind: [MeasurementKind: KindTally] = [:]
    ) {
        self.stored = stored
        self.duplicates = duplicates
        self.storedIds = storedIds
        self.touchedKinds = touchedKinds
        self.perKind = perKind
    }
}
