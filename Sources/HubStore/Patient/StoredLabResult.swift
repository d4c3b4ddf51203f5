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

    /// The row's columns by name, without the `Decodable` path: decoding every lab of a year through it was a
    /// twentieth of the trends page's time in a release build (perf). Every column but `id` is `NOT NULL`; an
    /// unknown `source` throws instead of stopping the hub.
    init(row: Row) throws {
        id = row["id"]
        profileId = row["profileId"]
        analyte = row["analyte"]
        value = row["value"]
        unit = row["unit"]
        originalValue = row["originalValue"]
        originalUnit = row["originalUnit"]
        takenAtMs = row["takenAtMs"]
        utcOffsetSeconds = row["utcOffsetSeconds"]
        source = try row.decode(LabResultSource.self, forColumn: "source")
        createdAtMs = row["createdAtMs"]
    }

    /// Every column, in the order `init(selected:)` reads them.
    static let selection = """
        id, profileId, analyte, value, unit, originalValue, originalUnit, takenAtMs, utcOffsetSeconds, source, \
        createdAtMs
        """

    /// A row of `SELECT \(selection)`, its columns by position: a look-up by a camelCase name misses GRDB's index
    /// of lowercased names and lowercases the name again for every value, which was most of reading the labs of
    /// a year for the trends page (perf).
    init(selected row: Row) throws {
        id = row[0]
        profileId = row[1]
        analyte = row[2]
        value = row[3]
        unit = row[4]
        originalValue = row[5]
        originalUnit = row[6]
        takenAtMs = row[7]
        utcOffsetSeconds = row[8]
        source = try row.decode(LabResultSource.self, atIndex: 9)
        createdAtMs = row[10]
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
