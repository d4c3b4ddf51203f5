import AdapterHost
import AdapterProtocol
import Clinical
import HubCore
import HubRecords
import HubStore
import TestSupport
import Testing

/// Issue 21, drill finding 4: identifiers with control characters (a NUL cut `dev\u{0}one` and `dev\u{0}two` down to
/// one device `dev`, and the second device's reading was lost as a duplicate) or empty ones are refused, -32602,
/// naming the field.
struct IdentifierValidationTests {
    private func weight(_ id: String, device: AdapterProtocol.DeviceIdentity? = nil) -> MeasurementRecord {
        var record = MeasurementRecord(
            sourceRecordId: id,
            kind: "body_weight",
            value: 82.4,
            unit: "kg",
            effectiveTime: "2026-11-17T07:10:00+01:00"
        )
        record.device = device
        return record
    }

    private func acceptedStore(_ directory: TemporaryDirectory) async throws -> HubDatabase {
        let store = try HubDatabase.open(atPath: directory.file("store.sqlite"))
        _ = try await store.acceptTerms(version: TermsOfService.current.version, atMs: 0)
        return store
    }

    @Test(arguments: ["dev\u{0}one", "", "dev\none", "dev\u{1B}[2J"])
    func aBatchDeviceIdWithAControlCharacterOrEmptyIsRefusedNamingTheField(deviceId: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await acceptedStore(directory)
        let batch = SubmitMeasurementsRequest(
            batchId: "b1",
            device: AdapterProtocol.DeviceIdentity(deviceId: deviceId),
            cursor: "1",
            records: [weight("r1")]
        )
        guard case .failure(let error) = await IngestPipeline(store: store).submit(batch, from: "sim") else {
            Issue.record("a batch from device \(deviceId.debugDescription) was accepted")
            return
        }
        #expect(error.code == .invalidParams)
        #expect(error.message.contains("params.device.deviceId"))
        #expect(try await store.measurementCount() == 0)
    }

    /// The drill: two devices whose ids differ after a NUL. Before the fix both became `dev` and the second reading
    /// was acknowledged as a duplicate; now both batches are refused and nothing is merged.
    @Test func twoDevicesDifferingAfterANulDoNotCollapseIntoOne() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await acceptedStore(directory)
        let pipeline = IngestPipeline(store: store)
        for deviceId in ["dev\u{0}one", "dev\u{0}two"] {
            let batch = SubmitMeasurementsRequest(
                batchId: "b-\(deviceId.utf8.count)-\(deviceId.hashValue)",
                device: AdapterProtocol.DeviceIdentity(deviceId: deviceId),
                cursor: "1",
                records: [weight("r1")]
            )
            let outcome = await pipeline.submit(batch, from: "sim")
            guard case .failure(let error) = outcome else {
                Issue.record("device \(deviceId.debugDescription) was accepted: \(outcome)")
                continue
            }
            #expect(error.code == .invalidParams)
            #expect(error.message.contains("U+0000"))
        }
        #expect(try await store.measurementCount() == 0)
    }

    @Test(arguments: ["dev\u{0}one", ""])
    func aRecordsOwnDeviceIdIsRefusedAsAnInvalidRecord(deviceId: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await acceptedStore(directory)
        let batch = SubmitMeasurementsRequest(
            batchId: "b1",
            device: AdapterProtocol.DeviceIdentity(deviceId: "scale-1"),
            records: [weight("r1"), weight("r2", device: AdapterProtocol.DeviceIdentity(deviceId: deviceId))]
        )
        guard case .failure(let error) = await IngestPipeline(store: store).submit(batch, from: "sim") else {
            Issue.record("a record from device \(deviceId.debugDescription) was accepted")
            return
        }
        #expect(error.code == .invalidParams)
        #expect(error.invalidRecords.map(\.index) == [1])
        #expect(error.invalidRecords.first?.field == "device.deviceId")
        #expect(try await store.measurementCount() == 0)
    }

    @Test func aSourceRecordIdWithANulIsRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await acceptedStore(directory)
        let batch = SubmitMeasurementsRequest(
            batchId: "b1",
            device: AdapterProtocol.DeviceIdentity(deviceId: "scale-1"),
            records: [weight("r\u{0}1")]
        )
        guard case .failure(let error) = await IngestPipeline(store: store).submit(batch, from: "sim") else {
            Issue.record("a record id with a NUL was accepted")
            return
        }
        #expect(error.invalidRecords.first?.field == "sourceRecordId")
        #expect(error.invalidRecords.first?.reason.contains("U+0000") == true)
    }

    @Test(arguments: ["sim\u{0}x", ""])
    func anAdapterIdWithAControlCharacterOrEmptyIsRefused(adapterId: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await acceptedStore(directory)
        let batch = SubmitMeasurementsRequest(
            batchId: "b1",
            device: AdapterProtocol.DeviceIdentity(deviceId: "scale-1"),
            records: [weight("r1")]
        )
        guard case .failure(let error) = await IngestPipeline(store: store).submit(batch, from: adapterId) else {
            Issue.record("adapter id \(adapterId.debugDescription) was accepted")
            return
        }
        #expect(error.code == .invalidParams)
        #expect(error.message.contains("adapterId"))
    }
}
