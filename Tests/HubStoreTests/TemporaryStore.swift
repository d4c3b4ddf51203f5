import Foundation
import HubCore
import HubRecords
import HubStore

/// A fresh directory under the system temp directory, removed after `body` (a pool cannot be in-memory).
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kidneyhub-tests-\(UUID().uuidString)"
    )
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}

/// A freshly migrated store in a temporary directory.
func withTemporaryStore<T>(_ body: (HubDatabase) async throws -> T) async throws -> T {
    try await withTemporaryDirectory { directory in
        let database = try HubDatabase.open(atPath: directory.appendingPathComponent("hub/db.sqlite").path)
        return try await body(database)
    }
}

/// Sample readings for store tests; values are already canonical, as the normalizer would leave them.
enum Sample {
    static let scale = DeviceIdentity(adapterId: "simulator", deviceId: "sim-scale-1")
    static let cuff = DeviceIdentity(
        adapterId: "simulator",
        deviceId: "sim-cuff-1",
        manufacturer: "A&D",
        model: "UA-651"
    )
    static let baseMs: Int64 = 1_794_895_800_000

    static func weight(_ id: String, kg: Double = 82.4, atMs: Int64 = baseMs) -> NormalizedMeasurement {
        NormalizedMeasurement(
            sourceRecordId: id,
            kind: .bodyWeight,
            value: kg,
            components: nil,
            unit: "kg",
            originalValue: kg,
            originalComponents: nil,
            originalUnit: "kg",
            startMs: atMs,
            endMs: nil,
            utcOffsetSeconds: 3600,
            context: MeasurementContext(dialysisPhase: .pre)
        )
    }

    static func pressure(_ id: String, atMs: Int64 = baseMs) -> NormalizedMeasurement {
        NormalizedMeasurement(
            sourceRecordId: id,
            kind: .bloodPressure,
            value: nil,
            components: ["systolic": 120.009852135305, "diastolic": 80, "mean": 93.5],
            unit: "mm[Hg]",
            originalValue: nil,
            originalComponents: ["systolic": 16, "diastolic": 10.665, "mean": 12.466],
            originalUnit: "kPa",
            startMs: atMs,
            endMs: nil,
            utcOffsetSeconds: -18000,
            context: MeasurementContext(bodyPosition: .sitting, measurementStatus: ["irregular_pulse"], userIndex: 1)
        )
    }

    static func steps(_ id: String, count: Double = 8000, startMs: Int64 = baseMs, endMs: Int64? = nil)
        -> NormalizedMeasurement
    {
        NormalizedMeasurement(
            sourceRecordId: id,
            kind: .steps,
            value: count,
            components: nil,
            unit: "{steps}",
            originalValue: count,
            originalComponents: nil,
            originalUnit: "1",
            startMs: startMs,
            endMs: endMs ?? startMs + 86_400_000,
            utcOffsetSeconds: 0,
            context: nil
        )
    }
}
