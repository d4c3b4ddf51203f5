import Care
import CareEngine
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import TestSupport
import Testing

@testable import HubServices

/// The throttled rule fed by real readings: home blood pressures typed in at a controlled time go through the same
/// after-storage work as a device's, and the watch notifies inside its window, spaced, above its threshold; a dose of
/// the medicine it asks about raises the threshold.
@Suite struct ReadingWatchTests {
    /// Monday 2026-11-16, 12:00 in Berlin (UTC+1).
    static let noon: Int64 = 1_794_826_800_000

    /// Types in a blood pressure taken `minutes` past noon (the clock a minute later), and returns the titles of
    /// the notifications it raised.
    private func pressure(
        _ app: HubApplication,
        _ clock: ManualClock,
        at minutes: Int,
        systolic: Double
    ) async throws -> [String] {
        let before = try await app.store.lastNotificationId()
        let taken = Self.noon + Int64(minutes) * 60_000
        clock.advance(to: taken + 60_000)
        _ = try await app.bloodPressure.add(
            systolic: systolic,
            diastolic: 85,
            unit: "mm[Hg]",
            pulse: nil,
            position: nil,
            arm: nil,
            at: RFC3339.format(epochMilliseconds: taken, utcOffsetSeconds: 3600),
            profile: nil
        )
        return try await app.store.notifications(profileId: nil, limit: 100).filter { $0.id > before }.map(\.title)
    }

    @Test func aWatchNotifiesInsideItsWindowSpacedAndADoseTakenRaisesItsThreshold() async throws {
        let (directory, app, clock) = try await clockedWorld(at: Self.noon)
        defer { directory.remove() }
        _ = try await app.medications.add(
            MedicationOrder(
                medication: MedicationCode(name: "Amlodipine"),
                dosages: [
                    DosageInstruction(
                        dose: .quantity(5, .milligram),
                        route: .oral,
                        timing: nil,
                        dialysis: nil,
                        asNeeded: AsNeeded(reason: "high blood pressure")
                    )
                ]
            ),
            profile: nil
        )
        let watch = try await app.readingWatches.add(
            .init(
                reading: "systolic",
                above: 140,
                window: "14:00-20:00",
                spacingMinutes: 10,
                takenStep: 5,
                medication: "amlodipine"
            ),
            profile: nil
        )
        #expect(watch.medication == "Amlodipine")
        let raised = ["Systolic pressure above 140 mmHg"]
        #expect(try await pressure(app, clock, at: 119, systolic: 150).isEmpty, "13:59, before the window")
        #expect(try await pressure(app, clock, at: 180, systolic: 150) == raised, "15:00")
        #expect(try await pressure(app, clock, at: 185, systolic: 155).isEmpty, "5 minutes after the last")
        #expect(try await pressure(app, clock, at: 189, systolic: 155).isEmpty, "9 minutes after the last")
        #expect(try await pressure(app, clock, at: 191, systolic: 150) == raised, "11 minutes after the last")
        #expect(try await pressure(app, clock, at: 230, systolic: 140).isEmpty, "140 is not above 140")
        let notice = try #require(
            try await app.store.notifications(profileId: nil, limit: 100).first {
                $0.title == raised[0]
            }
        )
        #expect(notice.body.contains("150 mmHg at 15:11") && notice.body.contains("Time for Amlodipine?"))

        // The dose taken answers the last notification: the threshold is 145 now, once.
        _ = try await app.doses.take("amlodipine", profile: nil)
        _ = try await app.doses.take("amlodipine", profile: nil)
        #expect(try await app.readingWatches.list(profile: nil).1.map(\.rule.threshold) == [145])
        #expect(try await pressure(app, clock, at: 300, systolic: 144).isEmpty, "below the raised threshold")
        #expect(try await pressure(app, clock, at: 310, systolic: 146) == ["Systolic pressure above 145 mmHg"])
        #expect(try await pressure(app, clock, at: 480, systolic: 160).isEmpty, "20:00, the window's end")
    }

    @Test func aReadingStoredAnHourLateNotifiesNothing() async throws {
        let (directory, app, clock) = try await clockedWorld(at: Self.noon)
        defer { directory.remove() }
        _ = try await app.readingWatches.add(
            .init(
                reading: "systolic",
                above: 140,
                window: "14:00-20:00",
                spacingMinutes: 10,
                takenStep: 5,
                medication: nil
            ),
            profile: nil
        )
        clock.advance(to: Self.noon + 9 * 3_600_000)
        _ = try await app.bloodPressure.add(
            systolic: 170,
            diastolic: 90,
            unit: "mm[Hg]",
            pulse: nil,
            position: nil,
            arm: nil,
            at: RFC3339.format(epochMilliseconds: Self.noon + 3 * 3_600_000, utcOffsetSeconds: 3600),
            profile: nil
        )
        let titles = try await app.store.notifications(profileId: nil, limit: 100).map(\.title)
        #expect(!titles.contains { $0.contains("above 140") }, "\(titles)")
    }

    @Test func badWatchesAreRefusedNamingTheOptionAndNothingIsStored() async throws {
        let (directory, app, _) = try await clockedWorld(at: Self.noon)
        defer { directory.remove() }
        let cases: [(ReadingWatchesService.NewWatch, String)] = [
            (
                .init(
                    reading: "weight",
                    above: 80,
                    window: "14:00-20:00",
                    spacingMinutes: 10,
                    takenStep: 5,
                    medication: nil
                ), "--reading"
            ),
            (
                .init(
                    reading: "systolic",
                    above: 400,
                    window: "14:00-20:00",
                    spacingMinutes: 10,
                    takenStep: 5,
                    medication: nil
                ), "--above"
            ),
            (
                .init(
                    reading: "heart-rate",
                    above: 70,
                    window: "20:00-14:00",
                    spacingMinutes: 10,
                    takenStep: 5,
                    medication: nil
                ), "--window"
            ),
            (
                .init(
                    reading: "heart-rate",
                    above: 70,
                    window: "14:00-20:00",
                    spacingMinutes: 0,
                    takenStep: 5,
                    medication: nil
                ), "--spacing"
            ),
            (
                .init(
                    reading: "heart-rate",
                    above: 70,
                    window: "14:00-20:00",
                    spacingMinutes: 10,
                    takenStep: -1,
                    medication: nil
                ), "--taken-step"
            ),
            (
                .init(
                    reading: "heart-rate",
                    above: 70,
                    window: "14:00-20:00",
                    spacingMinutes: 10,
                    takenStep: 5,
                    medication: "bisoprolol"
                ), "bisoprolol"
            ),
        ]
        for (watch, named) in cases {
            await #expect(
                performing: { _ = try await app.readingWatches.add(watch, profile: nil) },
                throws: { error in
                    "\(error)".contains(named)
                }
            )
        }
        #expect(try await app.readingWatches.list(profile: nil).1.isEmpty)
    }
}
