import Foundation
import HubCore

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
    /// Duplicates whose stored record differs (same device and `sourceRecordId`, another value or time): the
    /// stored one is kept, and the difference is reported, not counted as a plain repeat.
    public var conflicts: [IngestConflict] = []

    /// A record whose id was already stored with another value or time.
    public struct IngestConflict: Sendable, Hashable {
        /// Its position in the batch.
        public var index: Int
        public var sourceRecordId: String
        /// What differs, in words: "stored 82.4 kg at 2026-11-17T06:10:00Z; this record has 82.9 kg".
        public var reason: String
        public init(index: Int, sourceRecordId: String, reason: String) {
            self.index = index
            self.sourceRecordId = sourceRecordId
            self.reason = reason
        }
    }

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
