import Foundation
import Testing

@testable import Care
@testable import Clinical

/// Orders that cannot be accepted: each error names its field.
struct MedicationValidationTests {
    private func fieldOf(_ dosage: DosageInstruction) -> String? {
        let order = MedicationOrder(medication: MedicationCode(name: "amlodipine"), dosages: [dosage])
        do {
            try order.validate()
            return nil
        } catch {
            return error.field
        }
    }

    @Test func badFieldsAreNamed() {
        #expect(
            fieldOf(DosageInstruction(timing: TimingRepeat(frequency: 1, period: 1))) == "dosage[0].timing.periodUnit"
        )
        #expect(fieldOf(DosageInstruction(dose: .quantity(-1, .tablet))) == "dosage[0].dose")
        #expect(fieldOf(DosageInstruction(dose: .range(low: 2, high: 1, .tablet))) == "dosage[0].dose.high")
        #expect(fieldOf(DosageInstruction(timing: TimingRepeat(frequency: 2))) == "dosage[0].timing.period")
        #expect(
            fieldOf(
                DosageInstruction(timing: TimingRepeat(timeOfDay: [LocalTime(wallClockMinutes: 60)], when: [.bedtime]))
            ) == "dosage[0].timing.when"
        )
        #expect(fieldOf(DosageInstruction(timing: TimingRepeat(offset: 30))) == "dosage[0].timing.offset")
        #expect(
            fieldOf(DosageInstruction(timing: TimingRepeat(when: [.meal], offset: 30))) == "dosage[0].timing.offset"
        )
        #expect(fieldOf(DosageInstruction(timing: TimingRepeat(duration: 3))) == "dosage[0].timing.durationUnit")
        #expect(
            fieldOf(DosageInstruction(timing: TimingRepeat(frequency: 3, frequencyMax: 2, period: 1, periodUnit: .day)))
                == "dosage[0].timing.frequencyMax"
        )
        #expect(fieldOf(DosageInstruction(timing: TimingRepeat(count: 0))) == "dosage[0].timing.count")
        #expect(
            fieldOf(DosageInstruction(dialysis: DialysisTiming(days: .nonDialysis, event: .afterDialysis)))
                == "dosage[0].dialysis.event"
        )
        #expect(fieldOf(DosageInstruction(asNeeded: AsNeeded(reason: " "))) == "dosage[0].asNeeded.reason")
        #expect(
            fieldOf(
                DosageInstruction(
                    dose: .quantity(2, .tablet),
                    timing: TimingRepeat(when: [.beforeBreakfast], offset: 30)
                )
            ) == nil
        )
    }

    @Test func unknownCodesAreNamed() {
        #expect(throws: MedicationOrderError.self) { try EventTiming.parse("BREAKFAST", field: "when[0]") }
        do {
            _ = try TimingUnit.parse("day", field: "periodUnit")
            Issue.record("'day' is not a UCUM unit of time")
        } catch {
            #expect(error.field == "periodUnit" && error.reason.contains("'day'"))
        }
        #expect((try? EventTiming.parse("ACM", field: "when[0]")) == .beforeBreakfast)
    }

    @Test func theOrderNeedsANameAndAnRxNormOfDigits() {
        #expect(throws: MedicationOrderError(field: "medication.name", reason: "a name is needed")) {
            try MedicationOrder(medication: MedicationCode(name: "  ")).validate()
        }
        #expect(throws: MedicationOrderError.self) {
            try MedicationOrder(medication: MedicationCode(name: "x", rxNorm: "12a")).validate()
        }
    }
}
