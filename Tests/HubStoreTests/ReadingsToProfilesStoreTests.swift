import Care
import Clinical
import GRDB
import HubCore
import HubRecords
import HubStore
import Testing

/// The v3 tables: device assignments (with user slots) and weight phases.
struct ReadingsToProfilesStoreTests {
    /// A store with the terms accepted and two profiles.
    private func prepared(_ store: HubDatabase) async throws -> (anna: StoredProfile, ben: StoredProfile) {
        try await store.acceptTerms(version: TermsOfService.current.version, atMs: 1)
        let anna = try await store.saveProfile(
            PatientProfile(name: "Anna", timeZoneIdentifier: "UTC"),
            id: nil,
            atMs: 2
        )
        let ben = try await store.saveProfile(PatientProfile(name: "Ben", timeZoneIdentifier: "UTC"), id: nil, atMs: 2)
        return (anna, ben)
    }

    private func weight(_ id: String, userIndex: Int?, phase: DialysisPhase? = nil, atMs: Int64) -> IngestRecord {
        var measurement = Sample.weight(id, atMs: atMs)
        measurement.context = MeasurementContext(userIndex: userIndex, dialysisPhase: phase)
        return IngestRecord(measurement)
    }

    @Test func userSlotsGoToTheirProfileAndUnassignedReadingsStayPending() async throws {
        try await withTemporaryStore { store in
            let (anna, ben) = try await prepared(store)
            let outcome = try await store.ingest(
                IngestBatch(
                    device: Sample.scale,
                    records: [
                        weight("u1", userIndex: 1, atMs: Sample.baseMs),
                        weight("u2", userIndex: 2, atMs: Sample.baseMs + 1),
                        weight("none", userIndex: nil, atMs: Sample.baseMs + 2),
                    ]
                )
            )
            let scale = try await store.device(id: Sample.scale.deviceId)
            let decide: @Sendable (PendingWeight, [TaggedWeight]) -> WeightPhaseDecision = { weight, _ in
                WeightPhaseDecision(phase: .noDialysis, source: .inferred)
            }
            // Nothing assigned: nothing tagged.
            #expect(try await store.tagPendingWeights(atMs: 10, decide: decide).isEmpty)

            try await store.assign(
                DeviceAssignment(deviceRowId: scale.rowId, userIndex: 1, profileId: anna.id, assignedAtMs: 20)
            )
            let first = try await store.tagPendingWeights(atMs: 30, decide: decide)
            #expect(first.map(\.measurementId) == [outcome.storedIds[0]])
            #expect(first.first?.profileId == anna.id)

            // Slot 2 and the slot-less reading stay unassigned until a device-wide assignment covers them.
            try await store.assign(
                DeviceAssignment(
                    deviceRowId: scale.rowId,
                    userIndex: DeviceAssignment.anyUser,
                    profileId: ben.id,
                    assignedAtMs: 40
                )
            )
            let second = try await store.tagPendingWeights(atMs: 50, decide: decide)
            #expect(second.map(\.measurementId) == Array(outcome.storedIds[1...]))
            #expect(second.allSatisfy { $0.profileId == ben.id })
            #expect(try await store.tagPendingWeights(atMs: 60, decide: decide).isEmpty)
            #expect(try await store.tagPendingWeights(measurementIds: [], atMs: 60, decide: decide).isEmpty)
            #expect(try await store.profileWeights(profileId: anna.id).map(\.measurementId) == [outcome.storedIds[0]])
            #expect(try await store.deviceAssignments().count == 2)
        }
    }

    @Test func measurementsOfAProfileFollowItsDevicesAndUserSlots() async throws {
        try await withTemporaryStore { store in
            let (anna, ben) = try await prepared(store)
            let outcome = try await store.ingest(
                IngestBatch(
                    device: Sample.scale,
                    records: [
                        weight("u1", userIndex: 1, atMs: Sample.baseMs),
                        weight("u2", userIndex: 2, atMs: Sample.baseMs + 1),
                        weight("none", userIndex: nil, atMs: Sample.baseMs + 2),
                    ]
                )
            )
            #expect(try await store.measurements(profileId: anna.id).isEmpty)
            let scale = try await store.device(id: Sample.scale.deviceId)
            try await store.assign(
                DeviceAssignment(deviceRowId: scale.rowId, userIndex: 1, profileId: anna.id, assignedAtMs: 20)
            )
            try await store.assign(
                DeviceAssignment(
                    deviceRowId: scale.rowId,
                    userIndex: DeviceAssignment.anyUser,
                    profileId: ben.id,
                    assignedAtMs: 21
                )
            )
            // Assigning claims the readings no one owns yet (tagging claims before it tags weights).
            let decide: @Sendable (PendingWeight, [TaggedWeight]) -> WeightPhaseDecision = { _, _ in
                WeightPhaseDecision(phase: .noDialysis, source: .inferred)
            }
            try await store.tagPendingWeights(atMs: 30, decide: decide)
            // Slot 1 is Anna's own; every other slot, and a reading without one, falls to the device-wide Ben.
            #expect(try await store.measurements(profileId: anna.id).map(\.id) == [outcome.storedIds[0]])
            #expect(try await store.measurements(profileId: ben.id).map(\.id) == Array(outcome.storedIds[1...]))
            #expect(try await store.measurements(kind: .bloodPressure, profileId: ben.id).isEmpty)

            // The cuff changes hands: what Ben already owns stays his, new readings go to Anna.
            try await store.assign(
                DeviceAssignment(
                    deviceRowId: scale.rowId,
                    userIndex: DeviceAssignment.anyUser,
                    profileId: anna.id,
                    assignedAtMs: 40
                )
            )
            let later = try await store.ingest(
                IngestBatch(device: Sample.scale, records: [weight("later", userIndex: nil, atMs: Sample.baseMs + 9)])
            )
            // A reading of an assigned device is owned as soon as it is stored, in the batch's transaction.
            #expect(try await store.measurements(profileId: anna.id).map(\.id).contains(later.storedIds[0]))
            try await store.tagPendingWeights(atMs: 50, decide: decide)
            #expect(try await store.measurements(profileId: ben.id).map(\.id) == Array(outcome.storedIds[1...]))
            #expect(
                try await store.measurements(profileId: anna.id).map(\.id) == [outcome.storedIds[0]] + later.storedIds
            )
        }
    }

    @Test func anAssignmentClaimsOnlyReadingsFromItsStart() async throws {
        try await withTemporaryStore { store in
            let (anna, _) = try await prepared(store)
            let outcome = try await store.ingest(
                IngestBatch(
                    device: Sample.scale,
                    records: [
                        weight("old", userIndex: nil, atMs: Sample.baseMs),
                        weight("new", userIndex: nil, atMs: Sample.baseMs + 10),
                    ]
                )
            )
            let scale = try await store.device(id: Sample.scale.deviceId)
            try await store.assign(
                DeviceAssignment(
                    deviceRowId: scale.rowId,
                    userIndex: DeviceAssignment.anyUser,
                    profileId: anna.id,
                    assignedAtMs: 20,
                    claimsFromMs: Sample.baseMs + 5
                )
            )
            let decide: @Sendable (PendingWeight, [TaggedWeight]) -> WeightPhaseDecision = { _, _ in
                WeightPhaseDecision(phase: .noDialysis, source: .inferred)
            }
            try await store.tagPendingWeights(atMs: 30, decide: decide)
            // The older reading may be someone else's: it stays unowned.
            #expect(try await store.measurements(profileId: anna.id).map(\.id) == [outcome.storedIds[1]])
            #expect(try await store.profileWeights(profileId: anna.id).map(\.measurementId) == [outcome.storedIds[1]])
        }
    }

    @Test func anAmbiguousWeightKeepsItsReasonUntilConfirmed() async throws {
        try await withTemporaryStore { store in
            let (anna, ben) = try await prepared(store)
            let outcome = try await store.ingest(
                IngestBatch(device: Sample.scale, records: [weight("a", userIndex: nil, atMs: Sample.baseMs)])
            )
            let scale = try await store.device(id: Sample.scale.deviceId)
            try await store.assign(
                DeviceAssignment(deviceRowId: scale.rowId, userIndex: -1, profileId: anna.id, assignedAtMs: 1)
            )
            try await store.tagPendingWeights(atMs: 2) { _, _ in
                WeightPhaseDecision(phase: nil, source: .inferred, ambiguity: "taken during the session")
            }
            let id = outcome.storedIds[0]
            let pending = try #require(try await store.profileWeights(profileId: anna.id).first)
            #expect(pending.phase.phase == nil && pending.phase.ambiguity == "taken during the session")

            await #expect(throws: ReadingAssignmentError.unknownWeight(id, profile: "Ben")) {
                try await store.confirmWeightPhase(measurementId: id, profile: ben, phase: .post, atMs: 3)
            }
            try await store.confirmWeightPhase(measurementId: id, profile: anna, phase: .post, atMs: 3)
            let confirmed = try #require(try await store.profileWeights(profileId: anna.id).first)
            #expect(confirmed.phase.phase == .post && confirmed.phase.source == .confirmed)
            #expect(confirmed.phase.ambiguity == nil)

            // The database refuses a row with neither a phase nor a reason.
            await #expect(throws: DatabaseError.self) {
                try await store.pool.write { db in
                    try db.execute(sql: "UPDATE weightPhase SET phase = NULL, ambiguity = NULL")
                }
            }
        }
    }

    @Test func limitsWithoutADryWeightUseTheLatestWeighing() async throws {
        try await withTemporaryStore { store in
            let (anna, _) = try await prepared(store)
            let stage4 = try await store.saveProfile(
                PatientProfile(name: "Anna", diseaseCategory: .ckdG4, timeZoneIdentifier: "UTC"),
                id: anna.id,
                atMs: 3
            )
            #expect(try await store.limitInputs(for: stage4).weightKilograms == nil)
            // Stored out of time order: the latest weighing is the one weighed last, not the one stored last.
            let manual = DeviceIdentity(adapterId: "manual", deviceId: "profile-\(anna.id)")
            let batch = IngestBatch(
                device: manual,
                records: [
                    IngestRecord(Sample.weight("w2", kg: 71.5, atMs: Sample.baseMs + 86_400_000)),
                    IngestRecord(Sample.weight("w1", kg: 74, atMs: Sample.baseMs)),
                ]
            )
            _ = try await store.ingestManualEntry(batch, profileId: anna.id)
            _ = try await store.tagPendingWeights(atMs: 10) { _, _ in
                WeightPhaseDecision(phase: .noDialysis, source: .inferred)
            }
            #expect(try await store.limitInputs(for: stage4).weightKilograms == 71.5)
            // A dry weight, once set, is the weight the limits use.
            var withDryWeight = stage4
            withDryWeight.profile.dryWeightKilograms = 70
            #expect(try await store.limitInputs(for: withDryWeight).weightKilograms == 70)
        }
    }

    @Test func manualEntriesAssignTheirOwnDeviceAndNeedTheTerms() async throws {
        try await withTemporaryStore { store in
            let manual = DeviceIdentity(adapterId: "manual", deviceId: "profile-1")
            let batch = IngestBatch(device: manual, records: [IngestRecord(Sample.weight("m1"))])
            await #expect(throws: PatientRecordError.self) {
                try await store.ingestManualEntry(batch, profileId: 1)
            }
            #expect(try await store.measurementCount() == 0)
            let (anna, _) = try await prepared(store)
            let outcome = try await store.ingestManualEntry(batch, profileId: anna.id)
            #expect(outcome.stored == 1)
            let assignment = try #require(try await store.deviceAssignments().first)
            #expect(assignment.profileId == anna.id && assignment.userIndex == DeviceAssignment.anyUser)
        }
    }

    @Test func aProfilesReadingsLeaveOutAMetersControlSolutionTests() async throws {
        try await withTemporaryStore { store in
            let (anna, _) = try await prepared(store)
            func glucose(_ id: String, status: [String]?) -> IngestRecord {
                IngestRecord(
                    NormalizedMeasurement(
                        sourceRecordId: id,
                        kind: .bloodGlucose,
                        value: 100,
                        components: nil,
                        unit: "mg/dL",
                        originalValue: 100,
                        originalComponents: nil,
                        originalUnit: "mg/dL",
                        startMs: Sample.baseMs,
                        endMs: nil,
                        utcOffsetSeconds: 0,
                        context: status.map { MeasurementContext(measurementStatus: $0) }
                    )
                )
            }
            let meter = DeviceIdentity(adapterId: "usb-glucometer", deviceId: "neo-1")
            _ = try await store.ingest(IngestBatch(device: meter, records: [glucose("g/0", status: nil)]))
            let device = try await store.device(id: meter.deviceId)
            try await store.assign(
                DeviceAssignment(deviceRowId: device.rowId, userIndex: -1, profileId: anna.id, assignedAtMs: 3)
            )
            _ = try await store.ingest(
                IngestBatch(
                    device: meter,
                    records: [
                        glucose("g/1", status: ["meter_marker:C", NormalizedMeasurement.controlSolutionStatus]),
                        glucose("g/2", status: ["device_clock_suspect"]),
                    ]
                )
            )
            try await store.tagPendingWeights(atMs: 4) { _, _ in
                WeightPhaseDecision(phase: .noDialysis, source: .inferred)
            }
            // All three are stored; the patient's are the two that are not control-solution tests.
            #expect(try await store.measurements().count == 3)
            #expect(
                try await store.measurements(profileId: anna.id).map(\.measurement.sourceRecordId) == ["g/0", "g/2"]
            )
        }
    }
}
