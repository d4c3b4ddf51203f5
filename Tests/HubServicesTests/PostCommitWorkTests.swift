import AdapterHost
import Care
import CareEngine
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import HubStore
import TestSupport
import Testing

/// A manual entry and a device's batch run the same post-commit work (`HubApplication.postCommitWork()`, the real
/// `CarePostCommitWork`): the same three weights, typed by one patient and sent by another's simulated scale through
/// the ingest pipeline, get the same dialysis phases and the same goal evaluation (the same reward).
struct PostCommitWorkTests {
    /// The shipped dialysis day's scale: Saturday's post-dialysis weight, Tuesday's pre and post.
    static let weights: [(kilograms: Double, time: String, phase: String)] = [
        (80.3, "2026-11-14T12:35:00+01:00", "post"),
        (82.4, "2026-11-17T07:10:00+01:00", "pre"),
        (80.1, "2026-11-17T12:40:00+01:00", "post"),
    ]

    @Test func aWeightByHandAndOneByAScaleAreTaggedAndEvaluatedAlike() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let devices = try SimulatedDevices(in: directory)
        let storePath = directory.file("store.sqlite")
        let app = try HubApplication.open(atPath: storePath, durability: .normal)
        _ = try await app.terms.acceptCurrent()
        // Set-up through the store: profiles and goals belong to other areas' services.
        let store = try HubDatabase.open(atPath: storePath, durability: .normal)
        let byScale = try await store.saveProfile(try Self.patient("Scale"), id: nil, atMs: app.now())
        let byHand = try await store.saveProfile(try Self.patient("Hand"), id: nil, atMs: app.now())
        let end = try CalendarDate(parsing: "2099-12-31")
        for profile in [byScale, byHand] {
            // Met once the latest post-dialysis weight is within 79.5–80.5 kg: judged as each reading arrives.
            _ = try await store.addGoal(
                profileId: profile.id,
                kind: .weightRange(lowKilograms: 79.5, highKilograms: 80.5),
                period: .until(end),
                // An until-goal counts from the day it was set: set before the scenario's weights.
                atMs: try RFC3339.parse("2026-11-01T09:00:00+01:00").epochMilliseconds
            )
        }

        // The scale: paired (the store learns it), given to "Scale", then synced through the ingest pipeline.
        let scale = app.devices(devices.setup)
        _ = try await scale.pair(deviceId: "sim-scale-1", adapterId: "simulator", passkey: nil)
        _ = try await app.deviceAssignments.assign(
            deviceId: "sim-scale-1",
            adapterId: "simulator",
            profile: "Scale",
            userIndex: nil,
            from: .always
        )
        let report = try await scale.sync(deviceId: "sim-scale-1", adapterId: "simulator")
        #expect(report.stored == 3)

        // By hand: the same weights, one entry, through the application's post-commit work.
        let entry = ManualEntry(store: store, work: app.postCommitWork())
        _ = try await entry.record(
            Self.weights.map {
                RawMeasurement(
                    kind: "body_weight",
                    value: $0.kilograms,
                    unit: "kg",
                    effectiveTime: $0.time,
                    context: RawMeasurementContext(dialysisPhase: $0.phase)
                )
            },
            for: byHand
        )

        // Tagging: a phase row for every weight, the same for both.
        let scalePhases = try await Self.phases(store, byScale)
        let handPhases = try await Self.phases(store, byHand)
        #expect(scalePhases.count == 3)
        #expect(scalePhases.allSatisfy { $0.phase != nil })
        #expect(scalePhases == handPhases)
        // Goal evaluation: the same reward for the same goal.
        let scaleRewards = try await store.rewards(profileId: byScale.id).map { "\($0.periodKey) \($0.achievement)" }
        let handRewards = try await store.rewards(profileId: byHand.id).map { "\($0.periodKey) \($0.achievement)" }
        #expect(!scaleRewards.isEmpty, "the scale's post-dialysis weight met the goal: a reward was due")
        #expect(scaleRewards == handRewards)
    }

    /// A Tue/Thu/Sat 08:00–12:30 hemodialysis patient in Berlin with a dry weight of 80 kg.
    static func patient(_ name: String) throws -> PatientProfile {
        PatientProfile(
            name: name,
            diseaseCategory: .hemodialysis,
            dialysisSchedule: DialysisSchedule(
                weekdays: [.tuesday, .thursday, .saturday],
                start: try LocalTime(parsing: "08:00"),
                end: try LocalTime(parsing: "12:30")
            ),
            dryWeightKilograms: 80,
            timeZoneIdentifier: "Europe/Berlin"
        )
    }

    /// A profile's weight with its phase (its source differs: the device sent it, or the person typed it).
    struct Phase: Equatable {
        var startMs: Int64
        var kilograms: Double
        var phase: DialysisPhase?
    }

    static func phases(_ store: HubDatabase, _ profile: StoredProfile) async throws -> [Phase] {
        try await store.profileWeights(profileId: profile.id)
            .map { Phase(startMs: $0.startMs, kilograms: $0.kilograms, phase: $0.phase.phase) }
            .sorted { $0.startMs < $1.startMs }
    }
}
