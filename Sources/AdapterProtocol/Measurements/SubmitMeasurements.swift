/// `measurements/submit` (adapter → hub): a batch of records, answered after the commit (§5.1).
public struct SubmitMeasurementsRequest: RPCRequest, Hashable {
    public static let method = "measurements/submit"
    public typealias Result = SubmitMeasurementsResult

    public var batchId: String
    /// The device every record came from, unless a record names its own.
    public var device: DeviceIdentity?
    /// Stored for `device` in the same transaction as the records.
    public var cursor: String?
    public var records: [MeasurementRecord]

    public init(batchId: String, device: DeviceIdentity?, cursor: String? = nil, records: [MeasurementRecord]) {
        self.batchId = batchId
        self.device = device
        self.cursor = cursor
        self.records = records
    }
}

/// The acknowledgement of a committed batch.
public struct SubmitMeasurementsResult: Codable, Sendable, Hashable {
    public var batchId: String
    /// Records newly stored.
    public var stored: Int
    /// Records that were already stored (same device and `sourceRecordId`).
    public var duplicates: Int
    /// The duplicates whose stored record has another value or time (adapter-protocol.md §5.3); absent when none.
    public var conflicts: [RecordConflict]?

    public init(batchId: String, stored: Int, duplicates: Int, conflicts: [RecordConflict]? = nil) {
        self.batchId = batchId
        self.stored = stored
        self.duplicates = duplicates
        self.conflicts = conflicts
    }
}

/// A record of a batch whose `sourceRecordId` was already stored for its device with another value or time: not
/// stored again (it counts in `duplicates`), and reported so (§5.3).
public struct RecordConflict: Codable, Sendable, Hashable {
    /// Its position in `params.records`, from 0.
    public var index: Int
    public var sourceRecordId: String
    /// What differs, in words.
    public var reason: String

    public init(index: Int, sourceRecordId: String, reason: String) {
        self.index = index
        self.sourceRecordId = sourceRecordId
        self.reason = reason
    }
}

/// One invalid record of a refused batch, as listed in the error's `data.errors` (§5.4).
public struct InvalidRecord: Codable, Sendable, Hashable {
    public var index: Int
    public var sourceRecordId: String?
    public var field: String
    public var reason: String

    public init(index: Int, sourceRecordId: String?, field: String, reason: String) {
        self.index = index
        self.sourceRecordId = sourceRecordId
        self.field = field
        self.reason = reason
    }
}

extension RPCError {
    /// The error that refuses a whole batch because of the listed records (§5.4).
    public static func invalidRecords(_ records: [InvalidRecord]) -> RPCError {
        let entries: [JSONValue] = records.map { record in
            var members: [String: JSONValue] = [
                "index": .number(Double(record.index)),
                "field": .string(record.field),
                "reason": .string(record.reason),
            ]
            if let id = record.sourceRecordId { members["sourceRecordId"] = .string(id) }
            return .object(members)
        }
        return RPCError(
            .invalidParams,
            "Invalid measurement records",
            retryable: false,
            details: ["errors": .array(entries)]
        )
    }

    /// The invalid records this error lists, when it is a §5.4 refusal.
    public var invalidRecords: [InvalidRecord] {
        guard code == .invalidParams, let entries = data["errors"]?.arrayValue else { return [] }
        return entries.compactMap { entry in
            guard let index = entry["index"]?.numberValue, let field = entry["field"]?.stringValue else { return nil }
            return InvalidRecord(
                index: Int(index),
                sourceRecordId: entry["sourceRecordId"]?.stringValue,
                field: field,
                reason: entry["reason"]?.stringValue ?? ""
            )
        }
    }
}
