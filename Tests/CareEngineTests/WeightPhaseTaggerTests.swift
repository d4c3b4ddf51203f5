import AdapterHost
import AdapterProtocol
import Care
import CareEngine
import Clinical
import HubCore
import HubRecords
import HubStore
import TestSupport
import Testing

/// The weight phase tagger: device phases, inference from the schedule, ambiguity, and user slots.
struct WeightPhaseTaggerTests {
    /// A hemodialysis profile, Tue/Thu/Sat 08:00–12:00 at UTC+1, dry weight 80 kg.
    private static func makePatient() throws -> PatientProfile {
        PatientProfile(
            name: "Max",
            diseaseCategory: .hemodialysis,
            dialysisSchedule: DialysisSchedule(
                weekdays: [.tuesday, .thursday, .saturday],
                start: try LocalTime(parsing: "08:00"),
                end: try LocalTime(parsing: "12:00")
            ),
            dryWeightKilograms: 80,
            timeZoneIdentifier: "Etc/GMT-1"
        )
    }

    /// A store in `directory` with the terms accepted and `patient` saved.
    private static func storeWithPatient(_ patient: PatientProfile, in directory: TemporaryDirectory) async throws
        -> (HubDatabase, StoredProfile)
    {
        let store = try HubDatabase.open(atPath: directory.file("store.sqlite"))
        try await store.acceptTerms(version: TermsOfService.current.version, atMs: 1)
        return (store, try await store.saveProfile(patient, id: nil, atMs: 2))
    }

    private func record(_ id: String, kg: Double, at time: String, phase: String? = nil, user: Int? = nil)
        -> MeasurementRecord
    {
        var record = MeasurementRecord(
            sourceRecordId: id,
            kind: "body_weight",
            value: kg,
            unit: "kg",
            effectiveTime: time
        )
        if phase != nil || user != nil {
            record.context = AdapterProtocol.MeasurementContext(userIndex: user, dialysisPhase: phase)
        }
        return record
    }

    @Test func assignedSlotReadingsAreTaggedAndOthersStayUnassigned() async throws {
        let patient = try Self.makePatient()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, max) = try await Self.storeWithPatient(patient, in: directory)
        let tagger = WeightPhaseTagger(store: store, now: { 100 })
        let pipeline = IngestPipeline(store: store)
        let scale = AdapterProtocol.DeviceIdentity(deviceId: "scale-1")

        // A first reading arrives before any assignment.
        _ = try await pipeline.submit(
            SubmitMeasurementsRequest(
                batchId: "b0",
                device: scale,
                records: [record("s/0", kg: 80.3, at: "2026-11-14T12:35:00+01:00", user: 1)]
            ),
            from: "sim"
        )
        let device = try await store.device(id: "scale-1")
        try await store.assign(
            DeviceAssignment(deviceRowId: device.rowId, userIndex: 1, profileId: max.id, assignedAtMs: 3)
        )
        #expect(try await tagger.tagPending().count == 1)

        let batch = SubmitMeasurementsRequest(
            batchId: "b1",
            device: scale,
            records: [
                record("s/1", kg: 82.4, at: "2026-11-17T07:10:00+01:00", user: 1),
                record("s/2", kg: 80.1, at: "2026-11-17T12:40:00+01:00", user: 1),
                record("s/3", kg: 81.0, at: "2026-11-17T10:00:00+01:00", user: 1),
                record("s/4", kg: 81.5, at: "2026-11-17T10:05:00+01:00", phase: "intra", user: 1),
                record("s/5", kg: 64.0, at: "2026-11-17T07:20:00+01:00", user: 2),
            ]
        )
        _ = try await pipeline.submit(batch, from: "sim")
        let stored = try await store.measurements(kind: .bodyWeight)
        let ids = stored.filter { $0.measurement.sourceRecordId != "s/0" }.map(\.id)
        await tagger.didCommit(
            IngestOutcome(stored: ids.count, duplicates: 0, storedIds: ids, touchedKinds: [.bodyWeight]),
            device: HubRecords.DeviceIdentity(adapterId: "sim", deviceId: "scale-1")
        )

        let weights = try await store.profileWeights(profileId: max.id)
        let byKg = Dictionary(uniqueKeysWithValues: weights.map { ($0.kilograms, $0.phase) })
        #expect(byKg[80.3]?.phase == .post && byKg[80.3]?.source == .inferred)
        #expect(byKg[82.4]?.phase == .pre && byKg[82.4]?.source == .inferred)
        #expect(byKg[80.1]?.phase == .post)
        #expect(byKg[81.0]?.phase == nil)
        #expect(byKg[81.0]?.ambiguity?.contains("during the dialysis session Tue 08:00–12:00") == true)
        #expect(byKg[81.5]?.phase == .intra && byKg[81.5]?.source == .device)
        // User 2's reading has no assignment: unassigned, untagged, still stored.
        #expect(byKg[64.0] == nil)
        #expect(stored.contains { $0.measurement.value == 64.0 })

        let gains = InterdialyticGainCalculator.perSession(
            weights.map(\.tagged),
            schedule: patient.dialysisSchedule,
            timeZone: try patient.timeZone(),
            dryWeightKilograms: 80
        )
        let gain = try #require(gains.last?.gain)
        #expect(abs(gain.kilograms - 2.1) < 1e-9)
        #expect(abs((gain.percentOfDryWeight ?? 0) - 2.625) < 1e-9)

        // Tagging again stores nothing twice.
        #expect(try await tagger.tagPending().isEmpty)
    }

    @Test func aSecondPreWeightOfOneSessionNeedsConfirming() throws {
        let patient = try Self.makePatient()
        let weight = PendingWeight(
            measurementId: 9,
            startMs: 1_794_897_000_000,  // 2026-11-17T07:30:00+01:00
            kilograms: 82.6,
            sentPhase: nil,
            device: HubRecords.DeviceIdentity(adapterId: "sim", deviceId: "scale-1"),
            profile: StoredProfile(id: 1, profile: patient, createdAtMs: 0, updatedAtMs: 0)
        )
        let first = TaggedWeight(epochMilliseconds: 1_794_895_800_000, kilograms: 82.4, phase: .pre)  // 07:10
        let decision = WeightPhaseTagger.decide(weight, existing: [first])
        #expect(decision.phase == nil && decision.ambiguity?.contains("already has a pre-dialysis weight") == true)
        #expect(WeightPhaseTagger.decide(weight, existing: []) == WeightPhaseDecision(phase: .pre, source: .inferred))
        var manual = weight
        manual.device = ManualEntry.device(profileId: 1)
        manual.sentPhase = .post
        #expect(WeightPhaseTagger.decide(manual, existing: []).source == .manual)
    }

    @Test func aGainAboveTheAlertIsAnnouncedOnceByTheGoalsEngineAndTheAdviceAlike() async throws {
        let patient = try Self.makePatient()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, max) = try await Self.storeWithPatient(patient, in: directory)
        let scale = AdapterProtocol.DeviceIdentity(deviceId: "scale-1")
        let pipeline = IngestPipeline(store: store)
        _ = try await pipeline.submit(
            SubmitMeasurementsRequest(
                batchId: "b0",
                device: scale,
                records: [record("s/0", kg: 81, at: "2026-11-12T07:00:00+01:00")]
            ),
            from: "sim"
        )
        let device = try await store.device(id: "scale-1")
        try await store.assign(
            DeviceAssignment(deviceRowId: device.rowId, userIndex: -1, profileId: max.id, assignedAtMs: 3)
        )
        // Thursday's post weight 80.2 kg, Saturday's pre weight 83.8 kg: 3.6 kg, 4.5 % of the 80 kg dry weight.
        _ = try await pipeline.submit(
            SubmitMeasurementsRequest(
                batchId: "b1",
                device: scale,
                records: [
                    record("s/1", kg: 80.2, at: "2026-11-19T12:40:00+01:00", phase: "post"),
                    record("s/2", kg: 83.8, at: "2026-11-21T07:10:00+01:00", phase: "pre"),
                ]
            ),
            from: "sim"
        )
        _ = try await WeightPhaseTagger(store: store, now: { 100 }).tagPending()
        let now = try RFC3339.parse("2026-11-21T07:30:00+01:00").epochMilliseconds
        _ = try await GoalEngine(store: store).evaluateTouched(
            profileId: max.id,
            kinds: [.bodyWeight],
            labs: [],
            at: now
        )
        let advice = try await AdviceService(store: store).postStandingAlerts(profile: max, at: now + 60_000)
        #expect(advice.map(\.ruleId) == ["alert-idwg-above-4-percent"])
        let gainAlerts = try await store.notifications(profileId: max.id).filter {
            $0.title.lowercased().contains("weight gain")
        }
        #expect(gainAlerts.count == 1, "\(gainAlerts.map(\.title))")
    }
}
