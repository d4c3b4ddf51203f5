import AdapterHost
import AdapterProtocol
import Clinical
import HubCore
import HubRecords
import HubStore
import TestSupport
import Testing

struct IngestPipelineTests {
    private func record(
        _ id: String,
        kind: String = "body_weight",
        value: Double? = 82.4,
        unit: String? = "kg",
        time: String? = "2026-11-17T07:10:00+01:00"
    ) -> MeasurementRecord {
        var record = MeasurementRecord(
            sourceRecordId: id,
            kind: kind,
            value: value,
            unit: unit ?? "",
            effectiveTime: time
        )
        record.unit = unit
        return record
    }

    private let device = AdapterProtocol.DeviceIdentity(deviceId: "scale-1", manufacturer: "Acme", serial: "S1")

    @Test func refusesDeviceReadingsBeforeTheTermsAreAccepted() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try HubDatabase.open(atPath: directory.file("store.sqlite"))
        let batch = SubmitMeasurementsRequest(batchId: "b1", device: device, cursor: "1", records: [record("S1/1")])
        guard case .failure(let error) = await IngestPipeline(store: store).submit(batch, from: "sim") else {
            Issue.record("stored readings before the terms were accepted")
            return
        }
        #expect(error.code == .permissionDenied)
        #expect(error.retryable == false)
        #expect(error.message.contains("kidneyhub terms accept"))
        #expect(try await store.measurementCount() == 0)
        #expect(try await store.syncCursor(adapterId: "sim", deviceId: "scale-1") == nil)
    }

    @Test func storesAValidBatchOnceAndCountsDuplicatesOnResend() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try HubDatabase.open(atPath: directory.file("store.sqlite"))
        _ = try await store.acceptTerms(version: TermsOfService.current.version, atMs: 0)
        let pipeline = IngestPipeline(store: store)
        let batch = SubmitMeasurementsRequest(
            batchId: "b1",
            device: device,
            cursor: "2",
            records: [record("S1/1"), record("S1/2", value: 181.5, unit: "[lb_av]")]
        )
        let first = try await pipeline.submit(batch, from: "sim").get()
        #expect(first.stored == 2 && first.duplicates == 0)
        let again = try await pipeline.submit(batch, from: "sim").get()
        #expect(again.stored == 0 && again.duplicates == 2)
        let rows = try await store.measurements(kind: .bodyWeight)
        #expect(rows.count == 2)
        #expect(rows[1].measurement.unit == "kg")
        #expect(abs((rows[1].measurement.value ?? 0) - 82.327) < 0.001)  // 181.5 lb × 0.45359237
        #expect(rows[1].measurement.originalUnit == "[lb_av]")
        #expect(try await store.syncCursor(adapterId: "sim", deviceId: "scale-1") == "2")
    }

    @Test(arguments: [
        ("kind", "weight", 82.4 as Double?, "kg" as String?, "2026-11-17T07:10:00+01:00" as String?),
        ("unit", "body_weight", 82.4, nil, "2026-11-17T07:10:00+01:00"),
        ("unit", "body_weight", 82.4, "mmol/L", "2026-11-17T07:10:00+01:00"),
        ("value", "body_weight", Double.infinity, "kg", "2026-11-17T07:10:00+01:00"),
        ("effectiveTime", "body_weight", 82.4, "kg", "2026-11-17 07:10"),
        ("effectiveTime", "body_weight", 82.4, "kg", "2026-11-17T07:10:00"),
    ])
    func refusesTheWholeBatchNamingTheRecordAndField(
        field: String,
        kind: String,
        value: Double?,
        unit: String?,
        time: String?
    ) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try HubDatabase.open(atPath: directory.file("store.sqlite"))
        let pipeline = IngestPipeline(store: store)
        let bad = record("S1/2", kind: kind, value: value, unit: unit, time: time)
        let batch = SubmitMeasurementsRequest(
            batchId: "b",
            device: device,
            cursor: "3",
            records: [record("S1/1"), bad, record("S1/3")]
        )
        guard case .failure(let error) = await pipeline.submit(batch, from: "sim") else {
            Issue.record("a batch with a bad \(field) was accepted")
            return
        }
        #expect(error.code == .invalidParams)
        #expect(error.retryable == false)
        #expect(error.invalidRecords.map(\.index) == [1])
        #expect(error.invalidRecords.first?.sourceRecordId == "S1/2")
        #expect(error.invalidRecords.first?.field == field)
        #expect(try await store.measurementCount() == 0)
        #expect(try await store.syncCursor(adapterId: "sim", deviceId: "scale-1") == nil)
    }

    @Test func aMalformedJSONFieldIsNamed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let pipeline = IngestPipeline(store: try HubDatabase.open(atPath: directory.file("store.sqlite")))
        var bad = record("S1/1", value: nil)
        bad.malformedFields = ["value"]
        guard
            case .failure(let error) = await pipeline.submit(
                SubmitMeasurementsRequest(batchId: "b", device: device, records: [bad]),
                from: "sim"
            )
        else {
            Issue.record("accepted a record whose value was not a number")
            return
        }
        #expect(error.invalidRecords.first?.field == "value")
    }

    @Test func aRecordWithoutAnyDeviceIsRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let pipeline = IngestPipeline(store: try HubDatabase.open(atPath: directory.file("store.sqlite")))
        guard
            case .failure(let error) = await pipeline.submit(
                SubmitMeasurementsRequest(batchId: "b", device: nil, records: [record("x")]),
                from: "sim"
            )
        else {
            Issue.record("accepted a record with no device")
            return
        }
        #expect(error.invalidRecords.first?.field == "device")
    }

    @Test func batchesCommittedWhileTheHookIsBusyReachItTogetherInCommitOrder() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try HubDatabase.open(atPath: directory.file("store.sqlite"))
        _ = try await store.acceptTerms(version: TermsOfService.current.version, atMs: 0)
        let hook = GatedHook()
        let pipeline = IngestPipeline(store: store, hook: hook)
        func batch(_ number: Int) -> SubmitMeasurementsRequest {
            SubmitMeasurementsRequest(batchId: "b\(number)", device: device, records: [record("S1/\(number)")])
        }
        let first = try await pipeline.submit(batch(1), from: "sim").get()
        await hook.waitForCalls(1)
        // The hook is still busy with the first batch: the next two wait for it and arrive as one.
        let second = try await pipeline.submit(batch(2), from: "sim").get()
        let third = try await pipeline.submit(batch(3), from: "sim").get()
        #expect(first.stored == 1 && second.stored == 1 && third.stored == 1)
        await hook.open()
        await hook.waitForCalls(2)
        let calls = await hook.calls
        let ids = try await store.measurements(kind: .bodyWeight).map(\.id).sorted()
        #expect(calls.map(\.storedIds) == [[ids[0]], [ids[1], ids[2]]])
        #expect(calls.map(\.stored) == [1, 2])
        #expect(calls[1].perKind[.bodyWeight]?.stored == 2)
    }

    @Test func drainingWaitsUntilTheHookHasFinishedEveryCommittedBatch() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try HubDatabase.open(atPath: directory.file("store.sqlite"))
        _ = try await store.acceptTerms(version: TermsOfService.current.version, atMs: 0)
        let hook = GatedHook()
        let pipeline = IngestPipeline(store: store, hook: hook)
        for number in 1...2 {
            let request = SubmitMeasurementsRequest(
                batchId: "b\(number)",
                device: device,
                records: [record("S1/\(number)")]
            )
            _ = try await pipeline.submit(request, from: "sim").get()
        }
        await hook.waitForCalls(1)
        // What the hook had finished when draining returned: a drain that did not wait would see the gate closed.
        let drained = Task {
            await pipeline.drainPostCommitWork()
            return await hook.finished
        }
        await hook.open()
        #expect(await drained.value == 2)
        // With nothing left, draining returns at once.
        await pipeline.drainPostCommitWork()
    }
}

/// A post-commit hook that records its calls and holds the first one until opened.
private actor GatedHook: PostCommitHook {
    private(set) var calls: [IngestOutcome] = []
    /// Calls that have returned.
    private(set) var finished = 0
    private var isOpen = false
    private var gate: [CheckedContinuation<Void, Never>] = []
    private var callWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    func didCommit(_ outcome: IngestOutcome, device: HubRecords.DeviceIdentity) async {
        calls.append(outcome)
        for waiter in callWaiters where calls.count >= waiter.count { waiter.continuation.resume() }
        callWaiters.removeAll { calls.count >= $0.count }
        if !isOpen { await withCheckedContinuation { gate.append($0) } }
        finished += 1
    }

    func open() {
        isOpen = true
        gate.forEach { $0.resume() }
        gate.removeAll()
    }

    func waitForCalls(_ count: Int) async {
        if calls.count >= count { return }
        await withCheckedContinuation { callWaiters.append((count, $0)) }
    }
}
