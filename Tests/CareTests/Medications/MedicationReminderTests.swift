import Foundation
import Testing

@testable import Care
@testable import Clinical
@testable import HubCore

/// Reminders with a controlled clock: the throttled rule, repeat/snooze/quiet hours/caregiver, binders with meals.
struct MedicationReminderTests {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!
    private func ms(_ text: String) throws -> Int64 { try RFC3339.parse(text).epochMilliseconds }

    @Test func medRemsRuleFiresOnlyInsideItsWindowSpacedAndForValidValues() throws {
        let rule = ThrottledRule.medRem(boundary: 70)
        let threePm = try ms("2026-11-16T15:00:00+01:00")
        let last = threePm - 11 * 60_000
        #expect(rule.fires(value: 75, at: threePm, lastFiredAtMs: last, timeZone: berlin))
        #expect(!rule.fires(value: 75, at: try ms("2026-11-16T13:59:00+01:00"), lastFiredAtMs: nil, timeZone: berlin))
        #expect(!rule.fires(value: 75, at: try ms("2026-11-16T20:00:00+01:00"), lastFiredAtMs: nil, timeZone: berlin))
        #expect(!rule.fires(value: 75, at: threePm, lastFiredAtMs: threePm - 9 * 60_000, timeZone: berlin))
        for invalid in [Double.nan, .infinity, -75, 0, 400] {
            #expect(!rule.fires(value: invalid, at: threePm, lastFiredAtMs: last, timeZone: berlin))
        }
        #expect(!rule.fires(value: 70, at: threePm, lastFiredAtMs: last, timeZone: berlin))
        let raised = rule.afterTaken()
        #expect(raised.threshold > rule.threshold)
        #expect(!raised.fires(value: 75, at: threePm, lastFiredAtMs: last, timeZone: berlin))
        #expect(raised.fires(value: 76, at: threePm, lastFiredAtMs: last, timeZone: berlin))
    }

    @Test func aDueDoseIsRemindedUntilAnsweredSnoozedQuietAndTheCaregiverAlerted() throws {
        let policy = DoseReminderPolicy(
            repeatMinutes: 15,
            answerWindowMinutes: 120,
            caregiverAfterMinutes: 60,
            quietHours: try QuietHours(parsing: "22:00-07:00")
        )
        let due = try ms("2026-11-16T08:00:00+01:00")
        func at(_ minutes: Int) -> Int64 { due + Int64(minutes) * 60_000 }
        var state = DoseReminderPolicy.State()
        #expect(policy.actions(dueAtMs: due, answered: false, state: state, now: at(-1), timeZone: berlin).isEmpty)
        #expect(policy.actions(dueAtMs: due, answered: false, state: state, now: at(0), timeZone: berlin) == [.remind])
        state.lastRemindedAtMs = at(0)
        #expect(policy.actions(dueAtMs: due, answered: false, state: state, now: at(10), timeZone: berlin).isEmpty)
        #expect(policy.actions(dueAtMs: due, answered: false, state: state, now: at(15), timeZone: berlin) == [.remind])
        state.snoozedUntilMs = at(45)
        #expect(policy.actions(dueAtMs: due, answered: false, state: state, now: at(30), timeZone: berlin).isEmpty)
        #expect(policy.actions(dueAtMs: due, answered: false, state: state, now: at(45), timeZone: berlin) == [.remind])
        state.lastRemindedAtMs = at(45)
        #expect(
            policy.actions(dueAtMs: due, answered: false, state: state, now: at(60), timeZone: berlin) == [
                .remind, .alertCaregiver,
            ]
        )
        state.caregiverAlerted = true
        state.lastRemindedAtMs = at(60)
        #expect(policy.actions(dueAtMs: due, answered: true, state: state, now: at(90), timeZone: berlin).isEmpty)
        #expect(policy.actions(dueAtMs: due, answered: false, state: state, now: at(120), timeZone: berlin).isEmpty)
        // A bedtime dose in quiet hours waits.
        let late = try ms("2026-11-16T22:30:00+01:00")
        let quiet = policy.actions(
            dueAtMs: late,
            answered: false,
            state: .init(),
            now: late + 61 * 60_000,
            timeZone: berlin
        )
        #expect(quiet.isEmpty)
    }

    @Test func aMealWithoutItsBinderRaisesOneReminderAndAStoppedBinderNone() throws {
        let binder = MedicationOrder(
            medication: MedicationCode(name: "Sevelamer carbonate"),
            dosages: [DosageInstruction(timing: TimingRepeat(when: [.meal]))]
        )
        let other = MedicationOrder(medication: MedicationCode(name: "amlodipine"))
        let lunch = try ms("2026-11-16T12:30:00+01:00")
        let dinner = try ms("2026-11-16T19:00:00+01:00")
        let log = [
            DoseRecord(
                orderId: binder.id,
                dose: nil,
                status: .taken,
                takenAtMs: lunch + 10 * 60_000,
                recordedAtMs: lunch
            )
        ]
        let missed = PhosphateBinders.missed(orders: [binder, other], meals: [lunch, dinner, dinner], log: log)
        #expect(missed.map(\.mealAtMs) == [dinner])
        #expect(Set(missed.map(\.dedupeKey)).count == 1)
        var stopped = binder
        stopped.status = .stopped
        #expect(PhosphateBinders.missed(orders: [stopped], meals: [dinner], log: []).isEmpty)
        #expect(InteractionMedications.of(orders: [stopped], freeText: []).isEmpty)
        for name in ["calcium acetate 667 mg", "Lanthanum carbonate", "ferric citrate", "sucroferric oxyhydroxide"] {
            #expect(PhosphateBinders.isBinder(MedicationOrder(medication: MedicationCode(name: name))))
        }
    }
}
