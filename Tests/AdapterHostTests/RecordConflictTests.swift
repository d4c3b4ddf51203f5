import AdapterHost
import AdapterProtocol
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import TestSupport
import Testing

/// Issue 21: the same source record id with a different value in another file (or twice in one batch) was counted
/// as a plain duplicate. The acknowledgement now carries it as a conflict (adapter-protocol.md §5.1, §5.3); the
/// stored record is kept.
struct RecordConflictTests {
    private let device = AdapterProtocol.DeviceIdentity(deviceId: "scale-1")

    private func weight(_ id: String, _ kg: Double, time: String = "2026-11-17T07:10:00+01:00") -> MeasurementRecord {
        MeasurementRecord(sourceRecordId: id, kind: "body_weight", value: kg, unit: "kg", effectiveTime: time)
    }

    @Test func theSameIdWithAnotherValueInALaterBatchOrTheSameBatchIsAConflictNotAPlainDuplicate() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try HubDatabase.open(atPath: directory.file("store.sqlite"))
        _ = try await store.acceptTerms(version: TermsOfService.current.version, atMs: 0)
        let pipeline = IngestPipeline(store: store)

        let first = try await pipeline.submit(
            SubmitMeasurementsRequest(batchId: "file-1", device: device, records: [weight("w/1", 82.4)]),
            from: "import"
        ).get()
        #expect(first.stored == 1 && first.conflicts == nil)

        // Another file: the same record again (a plain repeat), and one with the same id but another value.
        let second = try await pipeline.submit(
            SubmitMeasurementsRequest(
                batchId: "file-2",
                device: device,
                records: [
                    weight("w/1", 82.4), weight("w/2", 80.0), weight("w/2", 80.9),
                    weight("w/1", 82.4, time: "2026-11-18T07:10:00+01:00"),
                ]
            ),
            from: "import"
        ).get()
        #expect(second.stored == 1 && second.duplicates == 3)
        let conflicts = try #require(second.conflicts)
        #expect(conflicts.map(\.index) == [2, 3])
        #expect(conflicts.map(\.sourceRecordId) == ["w/2", "w/1"])
        #expect(conflicts[0].reason.contains("already stored as 80.0 kg") && conflicts[0].reason.contains("80.9 kg"))
        #expect(conflicts[1].reason.contains("2026-11-17T06:10:00") && conflicts[1].reason.contains("2026-11-18"))
        // The stored records are the first ones.
        let stored = try await store.measurements().map { ($0.measurement.sourceRecordId, $0.measurement.value) }
        #expect(stored.map(\.0) == ["w/1", "w/2"] && stored.map(\.1) == [82.4, 80.0])

        // On the wire: the answer carries `conflicts`, and a plain answer does not (the schema's optional member).
        let json = String(decoding: try JSONEncoder().encode(second), as: UTF8.self)
        #expect(json.contains(#""conflicts":[{"#) && json.contains(#""index":2"#))
        #expect(!String(decoding: try JSONEncoder().encode(first), as: UTF8.self).contains("conflicts"))
    }
}
