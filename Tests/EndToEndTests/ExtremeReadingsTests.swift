import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import SampleData
import TestSupport
import Testing

/// Issue 21, drill finding 1: one reading of 1e308 (or 5,000 kg, glucose 1,000,000, weight 0) made `weight list`,
/// `report pdf`, `goals list` and `reportcard` stop with "Double value cannot be converted to Int64". Readings at the
/// edges of every kind's accepted range (`ReadingPlausibility`), and values beyond them as a store written before
/// the check could hold, are stored through the store's own API; every listing, trend, the report and the exports
/// then run to the end.
@Suite(.serialized) struct ExtremeReadingsTests {
    private static let lastDay = "2026-10-31"

    private func reading(_ id: String, _ kind: MeasurementKind, _ value: Double, day: Int) -> NormalizedMeasurement {
        NormalizedMeasurement(
            sourceRecordId: id,
            kind: kind,
            value: value,
            components: nil,
            unit: kind.canonicalUnit,
            originalValue: value,
            originalComponents: nil,
            originalUnit: kind.canonicalUnit,
            startMs: 1_792_300_000_000 + Int64(day) * 3_600_000,  // 2026-10-17, an hour apart
            endMs: nil,
            utcOffsetSeconds: 3600,
            context: nil
        )
    }

    private func pressure(_ id: String, systolic: Double, diastolic: Double, day: Int) -> NormalizedMeasurement {
        var measurement = reading(id, .bloodPressure, 0, day: day)
        measurement.value = nil
        measurement.components = ["systolic": systolic, "diastolic": diastolic]
        measurement.originalComponents = measurement.components
        measurement.originalValue = nil
        return measurement
    }

    /// The edges of each kind's range, and what a store from before the range check may hold.
    private func extremes() -> [NormalizedMeasurement] {
        var readings: [NormalizedMeasurement] = []
        var hour = 0
        func add(_ kind: MeasurementKind, _ values: [Double]) {
            for value in values {
                hour += 1
                readings.append(reading("extreme-\(kind.rawValue)-\(hour)", kind, value, day: hour))
            }
        }
        for kind in MeasurementKind.allCases where kind.components == nil {
            let range = ReadingPlausibility.bounds(of: kind).range
            add(kind, [range.lowerBound, range.upperBound])
        }
        // Beyond the ranges: as stored before the check existed (issue 21's drill).
        add(.bodyWeight, [0, 5_000, 1e308, -1e308])
        add(.bloodGlucose, [1_000_000, 1e300])
        add(.heartRate, [0, 1e18])
        hour += 1
        readings.append(pressure("extreme-bp-edge", systolic: 400, diastolic: 1, day: hour))
        hour += 1
        readings.append(pressure("extreme-bp-beyond", systolic: 1e308, diastolic: -1e308, day: hour))
        return readings
    }

    private func run(_ workspace: Workspace, _ arguments: [String]) async throws -> CommandResult {
        try await CommandResult.run(
            Workspace.kidneyhub,
            arguments + ["--store", workspace.storePath],
            timeout: .seconds(180)
        )
    }

    @Test func everyListingTheReportAndTheExportsRunToTheEndOverExtremeReadings() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let store = try workspace.openStore()
        _ = try await SamplePatientHistory.write(
            into: store,
            name: "Ana",
            days: 30,
            lastDay: try CalendarDate(parsing: Self.lastDay)
        )
        let device = DeviceIdentity(
            adapterId: "sample",
            deviceId: "home-kit",
            manufacturer: "Sample",
            model: "Home kit"
        )
        let outcome = try await store.ingest(
            IngestBatch(device: device, records: extremes().map { IngestRecord($0) }, receivedAtMs: 10)
        )
        #expect(outcome.stored == extremes().count)

        let commands: [[String]] = [
            ["weight", "list"], ["weight", "list", "--json"], ["measurements", "list"],
            ["measurements", "list", "--json"],
            ["trends", "weight"], ["trends", "blood_pressure"], ["trends", "heart_rate"], ["trends", "blood_glucose"],
            ["trends", "blood_ketone"], ["goals", "list"], ["reportcard", "--month", "2026-10"], ["evaluate"],
            ["report", "pdf", "--from", "2026-10-02", "--to", Self.lastDay, "--out", "\(workspace.path)/r.pdf"],
            ["export", "--format", "json", "--out", "\(workspace.path)/json"],
            ["export", "--format", "csv", "--out", "\(workspace.path)/csv"],
            ["export", "--format", "fhir", "--out", "\(workspace.path)/fhir"],
        ]
        for command in commands {
            let result = try await run(workspace, command)
            #expect(!result.stderr.contains("Fatal error"), "\(command): \(result.stderr)")
            #expect(!result.stderr.contains("cannot be converted"), "\(command): \(result.stderr)")
            // A refusal with a message is fine for a command; a trap is not (it ends by a signal).
            #expect(
                result.status == 0 || result.status == 1,
                "\(command) ended with \(result.status): \(result.stderr)"
            )
        }
    }
}
