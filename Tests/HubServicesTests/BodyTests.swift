import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import TestSupport
import Testing

/// `WeightService`, `BloodPressureService`, `MeasurementsService`: entries by hand through the one post-commit work.
@Suite struct BodyTests {
    @Test func weightsByHandAreTaggedAndGiveTheSessionsGain() async throws {
        let fixture = try await ServiceFixture { changes in
            changes.category = "hemodialysis"
            changes.schedule = "mon,wed,fri 08:00-12:00"
            changes.dryWeightKilograms = 80
        }
        defer { fixture.remove() }
        // Monday's post-dialysis weight, then Wednesday's pre-dialysis weight: a gain of 2.1 kg.
        let post = try await fixture.app.weight.add(
            value: 80.3,
            unit: "kg",
            phase: .post,
            at: "2026-11-16T12:30",
            profile: nil
        )
        #expect(post.entries.count == 1)
        #expect(post.entries.first?.phase?.phase == .post)
        _ = try await fixture.app.weight.add(value: 82.4, unit: "kg", phase: .pre, at: "2026-11-18T07:30", profile: nil)
        let listing = try await fixture.app.weight.list(days: nil, profile: nil)
        #expect(listing.weights.map(\.kilograms) == [80.3, 82.4])
        let gains = listing.sessions.compactMap { session -> InterdialyticGain? in
            if case .gain(let gain) = session.result { return gain }
            return nil
        }
        #expect(gains.count == 1)
        #expect(abs((gains.first?.kilograms ?? 0) - 2.1) < 1e-9)
        #expect(listing.sessions.first { if case .gain = $0.result { true } else { false } }?.level != nil)
    }

    @Test func aWeightTheScheduleCannotPlaceWaitsForConfirmation() async throws {
        let fixture = try await ServiceFixture { changes in
            changes.category = "hemodialysis"
            changes.schedule = "tue 08:00-12:00"
        }
        defer { fixture.remove() }
        // Tuesday 10:00, during the session: pre or post cannot be told.
        let added = try await fixture.app.weight.add(
            value: 81,
            unit: "kg",
            phase: nil,
            at: "2026-11-17T10:00",
            profile: nil
        )
        let id = try #require(added.entries.first?.measurement.id)
        let (_, pending) = try await fixture.app.weight.pendingConfirmation(profile: nil)
        #expect(pending.map(\.measurementId) == [id])
        let (_, record) = try await fixture.app.weight.confirm(measurementId: id, phase: .noDialysis, profile: nil)
        #expect(record.phase == .noDialysis && record.source == WeightPhaseSource.confirmed)
        #expect(try await fixture.app.weight.pendingConfirmation(profile: nil).1.isEmpty)
    }

    @Test func anImplausibleWeightIsRefusedAndNothingIsStored() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        await #expect(throws: EntryRefused.self) {
            _ = try await fixture.app.weight.add(value: 4000, unit: "kg", phase: .pre, at: nil, profile: nil)
        }
        #expect(try await fixture.app.measurements.list(kind: nil, sinceMs: nil, untilMs: nil, limit: nil).isEmpty)
    }

    @Test func bloodPressureWithAPulseStoresTwoReadings() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        let added = try await fixture.app.bloodPressure.add(
            systolic: 128,
            diastolic: 82,
            unit: "mm[Hg]",
            pulse: 72,
            position: .sitting,
            arm: "left",
            at: "2026-11-17T07:10",
            profile: nil
        )
        #expect(added.time == "2026-11-17T07:10:00+01:00")
        #expect(added.measurements.map(\.measurement.kind) == [.bloodPressure, .heartRate])
        let listed = try await fixture.app.measurements.list(
            kind: .bloodPressure,
            sinceMs: nil,
            untilMs: nil,
            limit: nil
        )
        #expect(listed.first?.measurement.components?["systolic"] == 128)
    }
}
