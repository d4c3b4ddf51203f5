import Foundation
import Testing

@testable import Care
@testable import Clinical

/// The instruction text, English and Spanish, for a table of timings (the issue's vectors first).
struct InstructionTextTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let dosage: DosageInstruction
        let english: String
        let spanish: String
        var testDescription: String { english }
    }

    private static func timing(_ timing: TimingRepeat) -> DosageInstruction { DosageInstruction(timing: timing) }
    private static func time(_ text: String) -> LocalTime {
        // The table's times are literals written correctly; a typo fails every case with this message.
        (try? LocalTime(parsing: text)) ?? LocalTime(wallClockMinutes: 0)
    }
    private static func date(_ text: String) -> CalendarDate {
        (try? CalendarDate(parsing: text)) ?? CalendarDate(daysSinceEpoch: 0)
    }

    static let table: [Case] = [
        // The issue's vectors.
        Case(dosage: timing(.daily), english: "Daily", spanish: "Una vez al día"),
        Case(
            dosage: timing(TimingRepeat(frequency: 2, period: 3, periodUnit: .hour)),
            english: "2 times every 3 hours",
            spanish: "2 veces cada 3 horas"
        ),
        Case(
            dosage: timing(TimingRepeat(frequency: 1, frequencyMax: 3, period: 1, periodMax: 3, periodUnit: .day)),
            english: "1 to 3 times every 1 to 3 days",
            spanish: "1 a 3 veces cada 1 a 3 días"
        ),
        Case(
            dosage: timing(TimingRepeat(duration: 3, durationUnit: .day)),
            english: "For 3 days",
            spanish: "Durante 3 días"
        ),
        Case(
            dosage: timing(TimingRepeat(timeOfDay: [time("15:00")])),
            english: "At 15:00",
            spanish: "A las 15:00"
        ),
        Case(
            dosage: timing(TimingRepeat(dayOfWeek: [.monday, .friday])),
            english: "On Monday and Friday",
            spanish: "Los lunes y viernes"
        ),
        Case(dosage: DosageInstruction(asNeeded: AsNeeded()), english: "As needed", spanish: "Si es necesario"),
        // Frequency and period: plurals and ranges.
        Case(
            dosage: timing(TimingRepeat(period: 3, periodUnit: .hour)),
            english: "Every 3 hours",
            spanish: "Cada 3 horas"
        ),
        Case(
            dosage: timing(TimingRepeat(frequency: 2, period: 1, periodUnit: .day)),
            english: "2 times a day",
            spanish: "2 veces al día"
        ),
        Case(
            dosage: timing(TimingRepeat(frequency: 3, period: 1, periodUnit: .day)),
            english: "3 times a day",
            spanish: "3 veces al día"
        ),
        Case(
            dosage: timing(TimingRepeat(frequency: 1, period: 1, periodUnit: .hour)),
            english: "Every hour",
            spanish: "Cada hora"
        ),
        Case(
            dosage: timing(TimingRepeat(frequency: 4, period: 1, periodUnit: .hour)),
            english: "4 times an hour",
            spanish: "4 veces por hora"
        ),
        Case(
            dosage: timing(TimingRepeat(frequency: 1, period: 1, periodUnit: .week)),
            english: "Weekly",
            spanish: "Una vez a la semana"
        ),
        Case(
            dosage: timing(TimingRepeat(frequency: 1, period: 2, periodUnit: .week)),
            english: "Every 2 weeks",
            spanish: "Cada 2 semanas"
        ),
        Case(
            dosage: timing(TimingRepeat(frequency: 1, period: 1, periodUnit: .month)),
            english: "Monthly",
            spanish: "Una vez al mes"
        ),
        Case(
            dosage: timing(TimingRepeat(frequency: 1, period: 6, periodUnit: .month)),
            english: "Every 6 months",
            spanish: "Cada 6 meses"
        ),
        Case(
            dosage: timing(TimingRepeat(frequency: 1, period: 1, periodUnit: .year)),
            english: "Yearly",
            spanish: "Una vez al año"
        ),
        Case(
            dosage: timing(TimingRepeat(frequency: 1, period: 30, periodUnit: .minute)),
            english: "Every 30 minutes",
            spanish: "Cada 30 minutos"
        ),
        Case(
            dosage: timing(TimingRepeat(frequency: 2, frequencyMax: 4, period: 1, periodUnit: .day)),
            english: "2 to 4 times a day",
            spanish: "2 a 4 veces al día"
        ),
        Case(
            dosage: timing(TimingRepeat(frequency: 1, period: 4, periodMax: 6, periodUnit: .hour)),
            english: "Every 4 to 6 hours",
            spanish: "Cada 4 a 6 horas"
        ),
        Case(
            dosage: timing(TimingRepeat(frequency: 1, period: 1.5, periodUnit: .day)),
            english: "Every 1.5 days",
            spanish: "Cada 1,5 días"
        ),
        // Doses: quantities, ranges, product units and their plurals.
        Case(
            dosage: DosageInstruction(dose: .quantity(1, .tablet), route: .oral, timing: .daily),
            english: "1 tablet by mouth daily",
            spanish: "1 comprimido por vía oral una vez al día"
        ),
        Case(
            dosage: DosageInstruction(
                dose: .quantity(2, .tablet),
                route: .oral,
                timing: TimingRepeat(frequency: 3, period: 1, periodUnit: .day, when: [.meal])
            ),
            english: "2 tablets by mouth 3 times a day with meals",
            spanish: "2 comprimidos por vía oral 3 veces al día con las comidas"
        ),
        Case(
            dosage: DosageInstruction(dose: .range(low: 1, high: 2, .capsule), timing: .daily),
            english: "1 to 2 capsules daily",
            spanish: "1 a 2 cápsulas una vez al día"
        ),
        Case(
            dosage: DosageInstruction(dose: .quantity(800, .milligram), timing: TimingRepeat(when: [.breakfast])),
            english: "800 mg with breakfast",
            spanish: "800 mg con el desayuno"
        ),
        Case(
            dosage: DosageInstruction(dose: .quantity(0.5, .tablet)),
            english: "0.5 tablets",
            spanish: "0,5 comprimidos"
        ),
        Case(
            dosage: DosageInstruction(
                dose: .quantity(1, .puff),
                route: .inhaled,
                asNeeded: AsNeeded(reason: "wheezing")
            ),
            english: "1 puff by inhalation as needed for wheezing",
            spanish: "1 inhalación por vía inhalatoria si es necesario para wheezing"
        ),
        Case(
            dosage: DosageInstruction(dose: .quantity(2, .puff), route: .inhaled),
            english: "2 puffs by inhalation",
            spanish: "2 inhalaciones por vía inhalatoria"
        ),
        Case(
            dosage: DosageInstruction(dose: .quantity(10, .internationalUnit), route: .subcutaneous),
            english: "10 units under the skin",
            spanish: "10 unidades por vía subcutánea"
        ),
        Case(
            dosage: DosageInstruction(dose: .quantity(1, .internationalUnit), route: .intravenous),
            english: "1 unit into a vein",
            spanish: "1 unidad por vía intravenosa"
        ),
        Case(
            dosage: DosageInstruction(dose: .quantity(0.25, .microgram)),
            english: "0.25 µg",
            spanish: "0,25 µg"
        ),
        // Times of day, several and sorted; Spanish one o'clock.
        Case(
            dosage: timing(TimingRepeat(timeOfDay: [time("20:00"), time("08:00")])),
            english: "At 08:00 and 20:00",
            spanish: "A las 08:00 y a las 20:00"
        ),
        Case(
            dosage: timing(TimingRepeat(timeOfDay: [time("01:30")])),
            english: "At 01:30",
            spanish: "A la 01:30"
        ),
        // Days.
        Case(
            dosage: timing(TimingRepeat(dayOfWeek: [.friday, .monday, .wednesday])),
            english: "On Monday, Wednesday and Friday",
            spanish: "Los lunes, miércoles y viernes"
        ),
        Case(
            dosage: timing(TimingRepeat(dayOfWeek: [.saturday])),
            english: "On Saturday",
            spanish: "Los sábados"
        ),
        // Offsets.
        Case(
            dosage: timing(TimingRepeat(when: [.beforeBreakfast], offset: 30)),
            english: "30 minutes before breakfast",
            spanish: "30 minutos antes del desayuno"
        ),
        Case(
            dosage: timing(TimingRepeat(when: [.afterDinner], offset: 60)),
            english: "1 hour after dinner",
            spanish: "1 hora después de la cena"
        ),
        Case(
            dosage: timing(TimingRepeat(when: [.bedtime], offset: 120)),
            english: "2 hours after bedtime",
            spanish: "2 horas después de acostarse"
        ),
        Case(
            dosage: timing(TimingRepeat(when: [.wake], offset: 1)),
            english: "1 minute after waking",
            spanish: "1 minuto después de despertar"
        ),
        Case(
            dosage: timing(TimingRepeat(when: [.beforeBreakfast, .beforeDinner], offset: 15)),
            english: "15 minutes before breakfast and 15 minutes before dinner",
            spanish: "15 minutos antes del desayuno y 15 minutos antes de la cena"
        ),
        Case(
            dosage: timing(TimingRepeat(when: [.beforeMeal], offset: 90)),
            english: "90 minutes before meals",
            spanish: "90 minutos antes de las comidas"
        ),
        // Duration, count and bounds.
        Case(
            dosage: timing(TimingRepeat(duration: 1, durationUnit: .hour)),
            english: "For 1 hour",
            spanish: "Durante 1 hora"
        ),
        Case(
            dosage: timing(TimingRepeat(duration: 1, durationMax: 3, durationUnit: .day)),
            english: "For 1 to 3 days",
            spanish: "Durante 1 a 3 días"
        ),
        Case(
            dosage: timing(TimingRepeat(count: 10)),
            english: "10 doses in total",
            spanish: "10 dosis en total"
        ),
        Case(
            dosage: timing(TimingRepeat(count: 1)),
            english: "1 dose in total",
            spanish: "1 dosis en total"
        ),
        Case(
            dosage: timing(TimingRepeat(count: 5, countMax: 7)),
            english: "5 to 7 doses in total",
            spanish: "5 a 7 dosis en total"
        ),
        Case(
            dosage: timing(TimingRepeat(bounds: .duration(10, .day))),
            english: "Over a course of 10 days",
            spanish: "En un tratamiento de 10 días"
        ),
        Case(
            dosage: timing(TimingRepeat(bounds: .duration(1, .week))),
            english: "Over a course of 1 week",
            spanish: "En un tratamiento de 1 semana"
        ),
        Case(
            dosage: timing(TimingRepeat(bounds: .period(start: date("2026-11-01"), end: date("2026-11-30")))),
            english: "From 2026-11-01 to 2026-11-30",
            spanish: "Del 2026-11-01 al 2026-11-30"
        ),
        Case(
            dosage: timing(TimingRepeat(bounds: .period(start: date("2026-11-01"), end: nil))),
            english: "From 2026-11-01",
            spanish: "Desde el 2026-11-01"
        ),
        Case(
            dosage: timing(TimingRepeat(bounds: .period(start: nil, end: date("2026-12-24")))),
            english: "Until 2026-12-24",
            spanish: "Hasta el 2026-12-24"
        ),
        // Dialysis timing (KidneyHub's extension).
        Case(
            dosage: DosageInstruction(
                dose: .quantity(5, .milligram),
                route: .oral,
                timing: .daily,
                dialysis: DialysisTiming(days: .dialysis, event: .afterDialysis)
            ),
            english: "5 mg by mouth daily on dialysis days after dialysis",
            spanish: "5 mg por vía oral una vez al día los días de diálisis después de la diálisis"
        ),
        Case(
            dosage: DosageInstruction(timing: .daily, dialysis: DialysisTiming(days: .nonDialysis)),
            english: "Daily on days without dialysis",
            spanish: "Una vez al día los días sin diálisis"
        ),
        Case(
            dosage: DosageInstruction(
                dialysis: DialysisTiming(days: .dialysis, event: .beforeDialysis, offsetMinutes: 60)
            ),
            english: "On dialysis days 1 hour before dialysis",
            spanish: "Los días de diálisis 1 hora antes de la diálisis"
        ),
        // Everything at once, in the fixed order.
        Case(
            dosage: DosageInstruction(
                dose: .range(low: 1, high: 2, .tablet),
                route: .oral,
                timing: TimingRepeat(
                    frequency: 2,
                    period: 1,
                    periodUnit: .day,
                    dayOfWeek: [.tuesday, .thursday],
                    when: [.afterBreakfast, .afterDinner],
                    offset: 30,
                    count: 20,
                    duration: 5,
                    durationUnit: .minute,
                    bounds: .duration(2, .month)
                ),
                asNeeded: AsNeeded(reason: "pain")
            ),
            english: "1 to 2 tablets by mouth 2 times a day on Tuesday and Thursday 30 minutes after breakfast and "
                + "30 minutes after dinner for 5 minutes 20 doses in total over a course of 2 months as needed for pain",
            spanish:
                "1 a 2 comprimidos por vía oral 2 veces al día los martes y jueves 30 minutos después del desayuno y "
                + "30 minutos después de la cena durante 5 minutos 20 dosis en total en un tratamiento de 2 meses si es "
                + "necesario para pain"
        ),
        Case(dosage: DosageInstruction(), english: "No instructions yet", spanish: "Sin instrucciones todavía"),
    ]

    @Test(arguments: table) func rendersTheTable(_ row: Case) {
        #expect(InstructionText.render(row.dosage, in: .english) == row.english)
        #expect(InstructionText.render(row.dosage, in: .spanish) == row.spanish)
    }

    @Test func theTableHoldsAtLeastFortyTimings() {
        #expect(Self.table.count >= 40)
    }

    /// Every `when` code is words in both languages, with and without an offset where one is allowed.
    @Test(arguments: EventTiming.allCases) func everyEventCodeIsWords(_ event: EventTiming) {
        let withoutOffset = DosageInstruction(timing: TimingRepeat(when: [event]))
        for language in InstructionLanguage.allCases {
            let text = InstructionText.render(withoutOffset, in: language)
            #expect(!text.split(separator: " ").contains { $0 == event.rawValue }, "\(language): \(text)")
            #expect(text.count > 4 && text.allSatisfy { $0.isLetter || $0 == " " || $0 == "í" }, "\(language): \(text)")
        }
        let expectedEnglish: [EventTiming: String] = [
            .morning: "In the morning", .earlyMorning: "Early in the morning", .lateMorning: "Late in the morning",
            .noon: "At noon", .afternoon: "In the afternoon", .earlyAfternoon: "Early in the afternoon",
            .lateAfternoon: "Late in the afternoon", .evening: "In the evening", .earlyEvening: "Early in the evening",
            .lateEvening: "Late in the evening", .night: "At night", .afterSleep: "After sleep", .bedtime: "At bedtime",
            .wake: "On waking", .meal: "With meals", .breakfast: "With breakfast", .lunch: "With lunch",
            .dinner: "With dinner", .beforeMeal: "Before meals", .beforeBreakfast: "Before breakfast",
            .beforeLunch: "Before lunch", .beforeDinner: "Before dinner", .afterMeal: "After meals",
            .afterBreakfast: "After breakfast", .afterLunch: "After lunch", .afterDinner: "After dinner",
        ]
        #expect(InstructionText.render(withoutOffset, in: .english) == expectedEnglish[event])
        if event.acceptsOffset {
            let shifted = DosageInstruction(timing: TimingRepeat(when: [event], offset: 45))
            let english = InstructionText.render(shifted, in: .english)
            let direction = event.offsetIsBefore ? "before" : "after"
            #expect(english.hasPrefix("45 minutes \(direction) "), "\(english)")
            let spanish = InstructionText.render(shifted, in: .spanish)
            #expect(spanish.hasPrefix("45 minutos \(event.offsetIsBefore ? "antes" : "después") d"), "\(spanish)")
        }
    }

    @Test func anOrderJoinsItsDosagesAndSaysWhenItHasNone() {
        let order = MedicationOrder(
            medication: MedicationCode(name: "prednisone"),
            dosages: [
                DosageInstruction(
                    dose: .quantity(2, .tablet),
                    timing: TimingRepeat(frequency: 1, period: 1, periodUnit: .day, bounds: .duration(5, .day))
                ),
                DosageInstruction(
                    dose: .quantity(1, .tablet),
                    timing: TimingRepeat(frequency: 1, period: 1, periodUnit: .day, bounds: .duration(5, .day))
                ),
            ]
        )
        #expect(
            InstructionText.render(order, in: .english)
                == "2 tablets daily over a course of 5 days; then 1 tablet daily over a course of 5 days"
        )
        let moved = MedicationOrder(medication: MedicationCode(name: "calcitriol"), note: "0.25 mcg daily")
        #expect(InstructionText.render(moved, in: .spanish) == "Sin instrucciones todavía")
    }
}
