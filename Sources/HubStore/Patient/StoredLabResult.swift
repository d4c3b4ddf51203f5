import Clinical
import GRDB
import HubCore
import HubRecords

/// A row of the `labResult` table.
struct LabResultRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "labResult"

    var id: Int64?
    var profileId: Int64
    var analyte: String
    var value: Double
    var unit: String
    var originalValue: Double
    var originalUnit: String
    var takenAtMs: Int64
    var utcOffsetSeconds: Int
    var source: LabResultSource
    var createdAtMs: Int64

    init(_ value: LabValue, profileId: Int64, source: LabResultSource, createdAtMs: Int64) {
        self.profileId = profileId
        self.analyte = value.analyteID
        self.value = value.value
        self.unit = value.unit
        self.originalValue = value.originalValue
        self.originalUnit = value.originalUnit
        self.takenAtMs = value.takenAt.epochMilliseconds
        self.utcOffsetSeconds = value.takenAt.utcOffsetSeconds
        self.source = source
        self.createdAtMs = createdAtMs
    }

    var stored: StoredLabResult {
        StoredLabResult(
            id: id ?? 0,
            profileId: profileId,
            value: LabValue(
                analyteID: analyte,
                value: value,
                unit: unit,
                originalValue: originalValue,
                originalUnit: originalUnit,
                takenAt: RFC3339Timestamp(epochMilliseconds: takenAtMs, utcOffsetSeconds: utcOffsetSeconds)
            ),
            source: source,
            createdAtMs: createdAtMs
        )
    }
}

extension LabResultSource: DatabaseValueConvertible {}
