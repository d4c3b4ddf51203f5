import CareEngine
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import TestSupport
import Testing

/// Blood pressure by dialysis phase: stated, inferred from the schedule, confirmable; the typo guard refuses
/// implausible pairs naming the field, and stores an unusual one only when confirmed.
@Suite struct BloodPressurePhaseTests {
    /// A hemodialysis patient in Berlin dialysed Tue/Thu/Sat 08:00–12:30.
    static func dialysisPatient() async throws -> ServiceFixture {
        try await ServiceFixture { changes in
            changes.category = "hemodialysis"
            changes.schedule = "tue,thu,sat 08:00-12:30"
            changes.dryWeightKilograms = 80
        }
    }

    static func add(
        _ app: HubApplication,
        _ systolic: Double,
        _ diastolic: Double,
        phase: DialysisPhase? = nil,
        confirmUnusual: Bool = false,
        at: String
    ) async throws -> BloodPressureService.Added {
        try await app.bloodPressure.add(
            systolic: systolic,
            diastolic: diastolic,
            unit: "mm[Hg]",
            pulse: nil,
            position: nil,
            arm: nil,
            phase: phase,
            confirmUnusual: confirmUnusual,
            at: at,
            profile: nil
        )
    }

    @Test func aStatedPhaseIsKeptAndTheScheduleInfersTheOthers() async throws {
        let fixture = try await Self.dialysisPatient()
        defer { fixture.remove() }
        // Tuesday 2026-11-17: before the session, after it; Wednesday: no session.
        let stated = try await Self.add(fixture.app, 150, 88, phase: .post, at: "2026-11-17T07:00")
        #expect(stated.phase?.phase == .post && stated.phase?.source == .manual)
        let before = try await Self.add(fixture.app, 158, 92, at: "2026-11-17T07:20")
        #expect(before.phase?.phase == .pre && before.phase?.source == .inferred)
        let after = try await Self.add(fixture.app, 124, 74, at: "2026-11-17T13:10")
        #expect(after.phase?.phase == .post)
        let between = try await Self.add(fixture.app, 140, 85, at: "2026-11-18T10:00")
        #expect(between.phase?.phase == .noDialysis)
        let during = try await Self.add(fixture.app, 118, 70, at: "2026-11-17T10:00")
        #expect(during.phase?.phase == nil && during.phase?.ambiguity != nil)
        // Confirmed by the person.
        let id = try #require(during.measurements.first?.id)
        let (_, confirmed) = try await fixture.app.bloodPressure.confirm(measurementId: id, phase: .intra, profile: nil)
        #expect(confirmed.phase == .intra && confirmed.source == .confirmed)
        let listing = try await fixture.app.bloodPressure.list(days: nil, profile: nil)
        #expect(listing.readings.map(\.phase.phase) == [.post, .pre, .intra, .post, .noDialysis])
        await #expect(throws: ReadingAssignmentError.self) {
            try await fixture.app.bloodPressure.confirm(measurementId: 9999, phase: .pre, profile: nil)
        }
    }

    @Test(arguments: [
        (300.0, 200.0, "components.systolic"), (250.0, 30.0, "components.diastolic"),
        (40.0, 30.0, "components.systolic"),
    ])
    func anImplausiblePairIsRefusedNamingTheFieldAndNothingIsStored(
        systolic: Double,
        diastolic: Double,
        field: String
    ) async throws {
        let fixture = try await Self.dialysisPatient()
        defer { fixture.remove() }
        do {
            _ = try await Self.add(fixture.app, systolic, diastolic, at: "2026-11-18T10:00")
            Issue.record("\(systolic)/\(diastolic) was stored")
        } catch let error as EntryRefused {
            #expect(error.description.hasPrefix(field), "\(error)")
        }
        #expect(try await fixture.app.bloodPressure.list(days: nil, profile: nil).readings.isEmpty)
    }

    @Test func anUnusualPairIsStoredWhenConfirmedButAnInvertedOneNever() async throws {
        let fixture = try await Self.dialysisPatient()
        defer { fixture.remove() }
        do {
            _ = try await Self.add(fixture.app, 250, 30, at: "2026-11-18T10:00")
            Issue.record("250/30 stored without confirmation")
        } catch let error as EntryRefused {
            #expect(error.description.contains("--confirm-unusual") && error.description.contains("A&D UA-651"))
        }
        let confirmed = try await Self.add(fixture.app, 250, 30, confirmUnusual: true, at: "2026-11-18T10:00")
        #expect(confirmed.measurements.count == 1)
        await #expect(throws: EntryRefused.self) {
            _ = try await Self.add(fixture.app, 120, 130, confirmUnusual: true, at: "2026-11-18T10:05")
        }
    }
}
