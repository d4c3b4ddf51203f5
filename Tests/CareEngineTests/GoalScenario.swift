import Care
import CareEngine
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import Synchronization
import TestSupport

/// A hemodialysis patient in Berlin (Mon/Wed/Fri 08:00–12:00, dry weight 70 kg) with one band that sends blood
/// pressure, weights and steps, a controllable clock, and the real post-commit hook (tagger, then goals).
struct GoalScenario {
    let directory: TemporaryDirectory
    let store: HubDatabase
    let clock: ManualClock
    let engine: GoalEngine
    let hook: CarePostCommitWork
    let profile: StoredProfile
    let device = DeviceIdentity(adapterId: "sim", deviceId: "band-1")
    private let counter = Counter()

    /// 2026-11-15 (a Sunday) 12:00 in Berlin: the goals are set up then.
    static let start = "2026-11-15T12:00"

    static func make() async throws -> GoalScenario {
        let directory = try TemporaryDirectory()
        let store = try HubDatabase.open(atPath: directory.file("store.sqlite"), durability: .normal)
        try await store.acceptTerms(version: TermsOfService.current.version, atMs: 1)
        let patient = PatientProfile(
            name: "Ana",
            diseaseCategory: .hemodialysis,
            dialysisSchedule: DialysisSchedule(
                weekdays: [.monday, .wednesday, .friday],
                start: try LocalTime(parsing: "08:00"),
                end: try LocalTime(parsing: "12:00")
            ),
            dryWeightKilograms: 70,
            timeZoneIdentifier: "Europe/Berlin"
        )
        let profile = try await store.saveProfile(patient, id: nil, atMs: 2)
        let clock = ManualClock(start: try at("2026-11-08T10:00"))
        let engine = GoalEngine(store: store)
        let hook = CarePostCommitWork(tagger: WeightPhaseTagger(store: store), engine: engine, clock: clock)
        let scenario = GoalScenario(
            directory: directory,
            store: store,
            clock: clock,
            engine: engine,
            hook: hook,
            profile: profile
        )
        // The band's first reading makes its device row; assigning it claims its readings for Ana.
        try await scenario.ingest(steps: 100, at: "2026-11-08T10:00")
        let row = try await store.device(id: "band-1")
        try await store.assign(
            DeviceAssignment(deviceRowId: row.rowId, userIndex: -1, profileId: profile.id, assignedAtMs: 3)
        )
        try await WeightPhaseTagger(store: store).tagPending()
        clock.advance(to: try at(start))
        return scenario
    }

    /// A Berlin wall-clock time `YYYY-MM-DDTHH:MM` in November or December 2026 (UTC+1) as epoch ms.
    static func at(_ local: String) throws -> Int64 {
        try RFC3339.parse(local + ":00+01:00").epochMilliseconds
    }

    /// Ingests readings as a device batch at the clock's time, then runs the post-commit hook as the pipeline does.
    @discardableResult
    func ingest(_ readings: [RawMeasurement]) async throws -> IngestOutcome {
        let records = try readings.map { raw -> IngestRecord in
            var raw = raw
            raw.sourceRecordId = "r-\(counter.next())"
            return IngestRecord(try MeasurementNormalizer.normalize(raw).get())
        }
        let outcome = try await store.ingest(IngestBatch(device: device, records: records, receivedAtMs: clock.now()))
        await hook.didCommit(outcome, device: device)
        return outcome
    }

    /// Moves the clock to `local`, then ingests a blood pressure taken then.
    func ingest(systolic: Double, diastolic: Double, at local: String) async throws {
        clock.advance(to: try Self.at(local))
        try await ingest([
            RawMeasurement(
                kind: "blood_pressure",
                components: ["systolic": systolic, "diastolic": diastolic],
                unit: "mm[Hg]",
                effectiveTime: local + ":00+01:00"
            )
        ])
    }

    /// Moves the clock to `local`, then ingests a weight taken then with its dialysis phase (as a scale sends it).
    func ingest(kilograms: Double, phase: String, at local: String) async throws {
        clock.advance(to: try Self.at(local))
        try await ingest([
            RawMeasurement(
                kind: "body_weight",
                value: kilograms,
                unit: "kg",
                effectiveTime: local + ":00+01:00",
                context: RawMeasurementContext(dialysisPhase: phase)
            )
        ])
    }

    /// Moves the clock to `local`, then ingests a step count taken then.
    func ingest(steps: Double, at local: String) async throws {
        clock.advance(to: try Self.at(local))
        try await ingest([
            RawMeasurement(kind: "steps", value: steps, unit: "{steps}", effectiveTime: local + ":00+01:00")
        ])
    }

    /// Adds a goal at the clock's time.
    func addGoal(_ kind: GoalKind, _ period: GoalPeriod) async throws -> Goal {
        try await store.addGoal(profileId: profile.id, kind: kind, period: period, atMs: clock.now())
    }

    /// Every reward's key, sorted.
    func rewardKeys() async throws -> [String] {
        try await store.rewards(profileId: profile.id).map { "\($0.goalId) \($0.periodKey) \($0.achievement)" }.sorted()
    }

    /// How many notifications the feed holds.
    func notificationCount() async throws -> Int {
        try await store.notifications(profileId: profile.id, limit: 10_000).count
    }
}

/// A thread-safe counter for unique source record ids.
final class Counter: Sendable {
    private let value = Mutex(0)
    func next() -> Int {
        value.withLock {
            $0 += 1; return $0
        }
    }
}
