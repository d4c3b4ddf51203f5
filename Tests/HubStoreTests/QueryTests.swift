import HubCore
import HubRecords
import HubStore
import Testing

/// Measurement queries: kind, half-open time window, limit, order.
struct QueryTests {
    static let hour: Int64 = 3_600_000

    /// Weights at hours 3, 1, 2 and blood pressures at hours 0 and 2 (inserted out of order on purpose).
    func seeded(_ store: HubDatabase) async throws {
        let base = Sample.baseMs
        let records = [
            Sample.weight("w-3", atMs: base + 3 * Self.hour), Sample.weight("w-1", atMs: base + Self.hour),
            Sample.pressure("bp-0", atMs: base), Sample.weight("w-2", atMs: base + 2 * Self.hour),
            Sample.pressure("bp-2", atMs: base + 2 * Self.hour),
        ]
        _ = try await store.ingest(IngestBatch(device: Sample.scale, records: records.map { IngestRecord($0) }))
    }

    @Test func ordersByStartTime() async throws {
        try await withTemporaryStore { store in
            try await seeded(store)
            #expect(
                try await store.measurements().map(\.measurement.sourceRecordId) == [
                    "bp-0", "w-1", "w-2", "bp-2", "w-3",
                ]
            )
        }
    }

    @Test func filtersByKind() async throws {
        try await withTemporaryStore { store in
            try await seeded(store)
            #expect(
                try await store.measurements(kind: .bodyWeight).map(\.measurement.sourceRecordId) == [
                    "w-1", "w-2", "w-3",
                ]
            )
            #expect(try await store.measurements(kind: .sleep).isEmpty)
            #expect(try await store.measurementCount(kind: .bloodPressure) == 2)
            #expect(try await store.measurementCount() == 5)
        }
    }

    @Test func timeWindowIsHalfOpen() async throws {
        try await withTemporaryStore { store in
            try await seeded(store)
            let since = Sample.baseMs + Self.hour
            let until = Sample.baseMs + 3 * Self.hour
            let window = try await store.measurements(sinceMs: since, untilMs: until)
            #expect(window.map(\.measurement.sourceRecordId) == ["w-1", "w-2", "bp-2"])
            #expect(try await store.measurementCount(kind: .bodyWeight, sinceMs: since, untilMs: until) == 2)
            #expect(try await store.measurements(kind: .bloodPressure, sinceMs: until).isEmpty)
        }
    }

    @Test func limitKeepsTheEarliest() async throws {
        try await withTemporaryStore { store in
            try await seeded(store)
            #expect(
                try await store.measurements(kind: .bodyWeight, limit: 2).map(\.measurement.sourceRecordId) == [
                    "w-1", "w-2",
                ]
            )
        }
    }
}
