import Care
import CareEngine
import Clinical
import Foundation
import HubCore
import HubRecords
import TestSupport
import Testing

@testable import HubServices

/// Orders, doses due, the dose log and adherence through the application layer, on a real store.
@Suite struct MedicationServiceTests {
    /// Monday 2026-11-16, 12:00 in Berlin.
    static let noon: Int64 = 1_794_826_800_000

    private func order(_ name: String, _ dosage: DosageInstruction) -> MedicationOrder {
        MedicationOrder(medication: MedicationCode(name: name), dosages: [dosage])
    }

    @Test func ordersAreAddedListedEditedAndStopped() async throws {
        let (directory, app, _) = try await clockedWorld(at: Self.noon)
        defer { directory.remove() }
        let binder = order(
            "sevelamer",
            DosageInstruction(dose: .quantity(2, .tablet), route: .oral, timing: TimingRepeat(when: [.meal]))
        )
        let (_, added) = try await app.medications.add(binder, profile: nil)
        #expect(added.instructions == "2 tablets by mouth with meals")
        await #expect(throws: MedicationsError.self) {
            _ = try await app.medications.add(order(" Sevelamer ", DosageInstruction()), profile: nil)
        }
        let (_, edited) = try await app.medications.edit("SEVELAMER", profile: nil) {
            $0.dosages[0].dose = .quantity(1, .tablet)
        }
        #expect(edited.instructions == "1 tablet by mouth with meals" && edited.order.id == added.order.id)
        let (_, shown) = try await app.medications.show(String(added.order.id.uuidString.prefix(8)), profile: nil)
        #expect(shown.order == edited.order)
        _ = try await app.medications.stop("sevelamer", profile: nil)
        #expect(try await app.medications.list(profile: nil).1.isEmpty)
        #expect(try await app.medications.list(profile: nil, all: true).1.map(\.order.status) == [.stopped])
    }

    @Test func badInputNamesTheFieldAndStoresNothing() async throws {
        let (directory, app, _) = try await clockedWorld(at: Self.noon)
        defer { directory.remove() }
        let cases: [(DosageInstruction, String)] = [
            (DosageInstruction(timing: TimingRepeat(frequency: 1, period: 1)), "dosage[0].timing.periodUnit"),
            (DosageInstruction(dose: .quantity(-2, .tablet)), "dosage[0].dose"),
        ]
        for (dosage, field) in cases {
            do {
                _ = try await app.medications.add(order("amlodipine", dosage), profile: nil)
                Issue.record("stored an order with a bad \(field)")
            } catch MedicationsError.invalid(let error) {
                #expect(error.field == field)
            }
        }
        #expect(try await app.medications.list(profile: nil, all: true).1.isEmpty)
        // A dose for a stopped order.
        _ = try await app.medications.add(order("amlodipine", DosageInstruction(timing: .daily)), profile: nil)
        _ = try await app.medications.stop("amlodipine", profile: nil)
        await #expect(throws: MedicationsError.self) { _ = try await app.doses.take("amlodipine", profile: nil) }
        #expect(try await app.doses.list(profile: nil).1.isEmpty)
    }

    @Test func dosesDueAreTakenAndCountInAdherence() async throws {
        let (directory, app, clock) = try await clockedWorld(at: Self.noon)
        defer { directory.remove() }
        let calcitriol = order(
            "calcitriol",
            DosageInstruction(dose: .quantity(1, .capsule), timing: TimingRepeat(when: [.beforeBreakfast], offset: 30))
        )
        let lisinopril = order("lisinopril", DosageInstruction(timing: TimingRepeat(when: [.bedtime, .wake])))
        _ = try await app.medications.add(calcitriol, profile: nil)
        _ = try await app.medications.add(lisinopril, profile: nil)
        let (_, day, due) = try await app.doses.due(profile: nil)
        #expect(day.description == "2026-11-16")
        #expect(
            due.map { "\($0.dose.time) \($0.medication)" } == [
                "07:00 calcitriol", "07:00 lisinopril", "22:30 lisinopril",
            ]
        )
        #expect(due[0].instructions == "1 capsule 30 minutes before breakfast")
        // Taken late in the morning (entered now), the bedtime dose skipped in advance.
        let (_, taken) = try await app.doses.take("calcitriol", takenAtMs: Self.noon - 4 * 3_600_000, profile: nil)
        #expect(taken.dose?.slot == "ACM")
        _ = try await app.doses.skip("lisinopril", slot: "HS", reason: "dizzy", profile: nil)
        await #expect(throws: MedicationsError.self) {
            _ = try await app.doses.take("lisinopril", slot: "XYZ", profile: nil)
        }
        let after = try await app.doses.due(profile: nil).2
        #expect(after.map { $0.answer?.status } == [.taken, nil, .notTaken])
        // At noon two doses were due (07:00 each): one taken, 08:00 is an hour after 07:00 so on time.
        let (_, report) = try await app.adherence.report(profile: nil, by: .day, from: day, through: day)
        #expect(report.overall?.scheduled == 2 && report.overall?.taken == 1 && report.overall?.onTime == 1)
        #expect(report.overall?.percentTaken == 50)
        // After bedtime every dose of the day counts.
        clock.advance(to: Self.noon + 11 * 3_600_000)
        let (_, night) = try await app.adherence.report(profile: nil, by: .week, from: day, through: day)
        #expect(night.groups.map { "\($0.key) \($0.taken)/\($0.scheduled)" } == ["week:2026-11-16 1/3"])
        #expect(night.orders.map(\.medication) == ["calcitriol", "lisinopril"])
    }

    @Test func withMealsFollowsALoggedMeal() async throws {
        let (directory, app, _) = try await clockedWorld(at: Self.noon)
        defer { directory.remove() }
        _ = try await app.medications.add(
            order("sevelamer", DosageInstruction(timing: TimingRepeat(when: [.lunch]))),
            profile: nil
        )
        #expect(try await app.doses.due(profile: nil).2.map(\.dose.time.description) == ["12:30"])
        // 13:10 in Berlin (UTC+1).
        let lunch = RFC3339Timestamp(epochMilliseconds: Self.noon + 70 * 60_000, utcOffsetSeconds: 3600)
        _ = try await app.intake.logFood(
            "banana raw",
            amount: 1,
            unit: "medium",
            meal: .lunch,
            at: { _, _ in lunch },
            profile: nil
        )
        #expect(try await app.doses.due(profile: nil).2.map(\.dose.time.description) == ["13:10"])
    }
}
