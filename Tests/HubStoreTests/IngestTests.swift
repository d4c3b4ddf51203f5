import GRDB
import HubCore
import HubRecords
import HubStore
import Testing

/// One transaction per batch: devices, measurements and cursor together; duplicates never stored twice.
struct IngestTests {
    static let mixed = [Sample.weight("w-1"), Sample.pressure("bp-1"), Sample.steps("st-1")]

    @Test func aBatchStoresEveryRecordAsSent() async throws {
        try await withTemporaryStore { store in
            let outcome = try await store.ingest(
                IngestBatch(device: Sample.scale, records: Self.mixed.map { IngestRecord($0) }, receivedAtMs: 5)
            )
            #expect(outcome.stored == 3)
            #expect(outcome.duplicates == 0)
            #expect(outcome.storedIds.count == 3 && Set(outcome.storedIds).count == 3)
            #expect(outcome.touchedKinds == [.bodyWeight, .bloodPressure, .steps])
            #expect(
                outcome.perKind == [
                    .bodyWeight: .init(stored: 1), .bloodPressure: .init(stored: 1), .steps: .init(stored: 1),
                ]
            )

            let stored = try await store.measurements()
            #expect(stored.map(\.id) == outcome.storedIds)
            #expect(stored.map(\.measurement) == Self.mixed, "canonical and original values, times and context survive")
            #expect(stored.allSatisfy { $0.device.identity == Sample.scale && $0.receivedAtMs == 5 })
        }
    }

    @Test func theSameBatchAgainIsAllDuplicates() async throws {
        try await withTemporaryStore { store in
            let batch = IngestBatch(device: Sample.scale, records: Self.mixed.map { IngestRecord($0) }, cursor: "3")
            _ = try await store.ingest(batch)
            let again = try await store.ingest(batch)
            #expect(
                again
                    == IngestOutcome(
                        stored: 0,
                        duplicates: 3,
                        storedIds: [],
                        touchedKinds: [],
                        perKind: [
                            .bodyWeight: .init(duplicates: 1), .bloodPressure: .init(duplicates: 1),
                            .steps: .init(duplicates: 1),
                        ]
                    )
            )
            #expect(try await store.measurementCount() == 3)
        }
    }

    @Test func aRepeatWithinABatchIsADuplicate() async throws {
        try await withTemporaryStore { store in
            let outcome = try await store.ingest(
                IngestBatch(
                    device: Sample.scale,
                    records: [IngestRecord(Sample.weight("w-1")), IngestRecord(Sample.weight("w-1", kg: 99))]
                )
            )
            #expect(outcome.stored == 1 && outcome.duplicates == 1)
            #expect(try await store.measurements().map(\.measurement.value) == [82.4], "the first one wins")
        }
    }

    @Test func theSameIdOnAnotherDeviceIsANewReading() async throws {
        try await withTemporaryStore { store in
            _ = try await store.ingest(IngestBatch(device: Sample.scale, records: [IngestRecord(Sample.weight("42"))]))
            let other = try await store.ingest(
                IngestBatch(device: Sample.cuff, records: [IngestRecord(Sample.weight("42"))])
            )
            #expect(other.stored == 1)
            #expect(try await store.measurementCount() == 2)
        }
    }

    @Test func theCursorIsStoredWithTheBatch() async throws {
        try await withTemporaryStore { store in
            #expect(try await store.syncCursor(adapterId: "simulator", deviceId: "sim-scale-1") == nil)
            _ = try await store.ingest(
                IngestBatch(device: Sample.scale, records: [IngestRecord(Sample.weight("1"))], cursor: "1")
            )
            #expect(try await store.syncCursor(adapterId: "simulator", deviceId: "sim-scale-1") == "1")
            // Even a batch of duplicates moves the cursor: the records are stored, which is all the cursor promises.
            _ = try await store.ingest(
                IngestBatch(device: Sample.scale, records: [IngestRecord(Sample.weight("1"))], cursor: "2")
            )
            #expect(try await store.syncCursor(adapterId: "simulator", deviceId: "sim-scale-1") == "2")
            _ = try await store.ingest(IngestBatch(device: Sample.scale, records: [IngestRecord(Sample.weight("3"))]))
            #expect(
                try await store.syncCursor(adapterId: "simulator", deviceId: "sim-scale-1") == "2",
                "no cursor, no change"
            )
            #expect(try await store.syncCursor(adapterId: "simulator", deviceId: "sim-cuff-1") == nil)
        }
    }

    @Test func aBatchThatFailsMidwayLeavesNothing() async throws {
        try await withTemporaryStore { store in
            _ = try await store.ingest(
                IngestBatch(device: Sample.scale, records: [IngestRecord(Sample.weight("old"))], cursor: "old")
            )

            // The third record ends before it starts: the table's CHECK refuses it after two rows were inserted.
            var broken = Sample.steps("st-bad")
            broken.endMs = broken.startMs - 1
            let records = [Sample.weight("w-1"), Sample.steps("st-1"), broken, Sample.weight("w-2")].map {
                IngestRecord($0)
            }
            let batch = IngestBatch(
                device: Sample.scale,
                records: records + [IngestRecord(Sample.pressure("bp-1"), device: Sample.cuff)],
                cursor: "new"
            )
            await #expect(throws: DatabaseError.self) { try await store.ingest(batch) }

            #expect(try await store.measurements().map(\.measurement.sourceRecordId) == ["old"])
            #expect(try await store.syncCursor(adapterId: "simulator", deviceId: "sim-scale-1") == "old")
            #expect(try await store.devices().map(\.identity) == [Sample.scale])
        }
    }

    @Test func aRecordMayNameItsOwnDevice() async throws {
        try await withTemporaryStore { store in
            let outcome = try await store.ingest(
                IngestBatch(
                    device: Sample.scale,
                    records: [
                        IngestRecord(Sample.weight("w-1")), IngestRecord(Sample.pressure("bp-1"), device: Sample.cuff),
                    ],
                    cursor: "c"
                )
            )
            #expect(outcome.stored == 2)
            let stored = try await store.measurements()
            #expect(stored.map(\.device.identity) == [Sample.scale, Sample.cuff])
            #expect(try await store.devices().map(\.identity) == [Sample.scale, Sample.cuff])
            #expect(
                try await store.syncCursor(adapterId: "simulator", deviceId: "sim-cuff-1") == nil,
                "cursor is the batch device's"
            )
        }
    }

    @Test func devicesLearnDetailsAndLastSeen() async throws {
        try await withTemporaryStore { store in
            let bare = DeviceIdentity(adapterId: "ble", deviceId: "AA:BB")
            _ = try await store.ingest(
                IngestBatch(device: bare, records: [IngestRecord(Sample.weight("1"))], receivedAtMs: 100)
            )
            var known = bare
            known.manufacturer = "A&D"
            known.serial = "5170"
            _ = try await store.ingest(
                IngestBatch(device: known, records: [IngestRecord(Sample.weight("2"))], receivedAtMs: 200)
            )
            _ = try await store.ingest(
                IngestBatch(device: bare, records: [IngestRecord(Sample.weight("3"))], receivedAtMs: 300)
            )

            let devices = try await store.devices()
            #expect(devices.count == 1)
            #expect(devices.first?.identity == known, "a batch without details does not erase them")
            #expect(devices.first?.firstSeenAtMs == 100)
            #expect(devices.first?.lastSeenAtMs == 300)
        }
    }

    @Test func contextTextSurvivesTheJSONColumn() async throws {
        try await withTemporaryStore { store in
            var reading = Sample.weight("w-ctx")
            reading.context = MeasurementContext(
                mealRelation: .afterMeal,
                measurementStatus: ["cuff \"loose\"", "back\\slash", "line\nbreak\u{01}", "🩺 ünïcode"],
                userIndex: 255,
                dialysisPhase: .noDialysis,
                sampleSite: "left \"arm\"\t"
            )
            _ = try await store.ingest(IngestBatch(device: Sample.scale, records: [IngestRecord(reading)]))
            #expect(try await store.measurements().first?.measurement == reading)
        }
    }
}
