import Foundation
import Testing

@testable import Care
@testable import Clinical
@testable import HubCore

/// The doses due: routine, logged meals, dialysis days, daylight-saving days, as-needed.
struct DoseScheduleTests {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!
    private let newYork = TimeZone(identifier: "America/New_York")!

    private func date(_ text: String) throws -> CalendarDate { try CalendarDate(parsing: text) }
    private func time(_ text: String) throws -> LocalTime { try LocalTime(parsing: text) }
    private func ms(_ text: String) throws -> Int64 { try RFC3339.parse(text).epochMilliseconds }
    private func order(_ dosage: DosageInstruction, status: OrderStatus = .active, authoredOn: CalendarDate? = nil)
        -> MedicationOrder
    {
        MedicationOrder(
            medication: MedicationCode(name: "test"),
            status: status,
            dosages: [dosage],
            authoredOn: authoredOn
        )
    }
    private func clock(_ doses: [ScheduledDose]) -> [String] { doses.map { "\($0.slot) \($0.time)" } }

    @Test func beforeBreakfastWithAnOffsetIsThatMuchBeforeTheRoutinesBreakfast() throws {
        let orders = [order(DosageInstruction(timing: TimingRepeat(when: [.beforeBreakfast], offset: 30)))]
        let day = try date("2026-11-16")
        let doses = DoseSchedule.doses(for: orders, on: day, patient: PatientDay(timeZone: berlin))
        #expect(clock(doses) == ["ACM 07:00"])  // breakfast 07:30 by default
        #expect(doses.first?.dueAtMs == (try ms("2026-11-16T06:00:00Z")))
        let early = DailyRoutine(
            wake: try time("05:30"),
            breakfast: try time("06:00"),
            lunch: try time("12:00"),
            dinner: try time("18:00"),
            bed: try time("21:30")
        )
        let own = DoseSchedule.doses(for: orders, on: day, patient: PatientDay(routine: early, timeZone: berlin))
        #expect(clock(own) == ["ACM 05:30"])
    }

    @Test func withMealsFollowsTheMealsLoggedThatDay() throws {
        let orders = [order(DosageInstruction(dose: .quantity(1, .tablet), timing: TimingRepeat(when: [.meal])))]
        let day = try date("2026-11-16")
        let plain = DoseSchedule.doses(for: orders, on: day, patient: PatientDay(timeZone: berlin))
        #expect(clock(plain) == ["C@breakfast 07:30", "C@lunch 12:30", "C@dinner 19:00"])
        let logged = PatientDay(timeZone: berlin, loggedMeals: [day: [.lunch: try time("13:15")]])
        let moved = DoseSchedule.doses(for: orders, on: day, patient: logged)
        #expect(clock(moved) == ["C@breakfast 07:30", "C@lunch 13:15", "C@dinner 19:00"])
        // Another day keeps the routine.
        #expect(clock(DoseSchedule.doses(for: orders, on: day.adding(days: 1), patient: logged))[1] == "C@lunch 12:30")
    }

    @Test func wakeBedtimeAndAfterMealsUseTheRoutine() throws {
        let orders = [
            order(DosageInstruction(timing: TimingRepeat(when: [.wake, .bedtime]))),
            order(DosageInstruction(timing: TimingRepeat(when: [.afterDinner], offset: 60))),
        ]
        let doses = DoseSchedule.doses(for: orders, on: try date("2026-11-16"), patient: PatientDay(timeZone: berlin))
        #expect(clock(doses) == ["WAKE 07:00", "PCV 20:00", "HS 22:30"])
    }

    @Test func dialysisTimingFollowsTheSchedule() throws {
        let schedule = DialysisSchedule(
            weekdays: [.monday, .wednesday, .friday],
            start: try time("08:00"),
            end: try time("12:00")
        )
        let patient = PatientDay(dialysis: schedule, timeZone: berlin)
        let after = order(
            DosageInstruction(dialysis: DialysisTiming(days: .dialysis, event: .afterDialysis, offsetMinutes: 30))
        )
        let offDays = order(
            DosageInstruction(
                timing: TimingRepeat(timeOfDay: [try time("08:00")]),
                dialysis: DialysisTiming(days: .nonDialysis)
            )
        )
        let monday = try date("2026-11-16")
        #expect(
            clock(DoseSchedule.doses(for: [after, offDays], on: monday, patient: patient)) == ["after-dialysis 12:30"]
        )
        #expect(
            clock(DoseSchedule.doses(for: [after, offDays], on: monday.adding(days: 1), patient: patient)) == [
                "08:00 08:00"
            ]
        )
        // Without a schedule there is no dialysis day.
        #expect(DoseSchedule.doses(for: [after], on: monday, patient: PatientDay(timeZone: berlin)).isEmpty)
    }

    @Test(arguments: [
        ("Europe/Berlin", "2026-03-28", "2026-03-28T07:00:00Z"),
        ("Europe/Berlin", "2026-03-29", "2026-03-29T06:00:00Z"),  // clocks went forward at 02:00
        ("Europe/Berlin", "2026-10-25", "2026-10-25T07:00:00Z"),  // clocks went back at 03:00
        ("America/New_York", "2026-03-08", "2026-03-08T12:00:00Z"),
        ("America/New_York", "2026-03-07", "2026-03-07T13:00:00Z"),
        ("America/New_York", "2026-11-01", "2026-11-01T13:00:00Z"),
    ])
    func daylightSavingDaysKeepTheWallClock(zone: String, day: String, expected: String) throws {
        let timeZone = TimeZone(identifier: zone)!
        let orders = [order(DosageInstruction(timing: TimingRepeat(timeOfDay: [try time("08:00")])))]
        let doses = DoseSchedule.doses(for: orders, on: try date(day), patient: PatientDay(timeZone: timeZone))
        #expect(doses.map(\.dueAtMs) == [try ms(expected)])
        #expect(GoalCalendar.timeOfDay(at: doses[0].dueAtMs, in: timeZone) == (try time("08:00")))
    }

    @Test func aTimeInTheSpringGapIsTakenAfterIt() throws {
        let instant = WallClock.instant(try date("2026-03-29"), try time("02:30"), in: berlin)
        #expect(instant == (try ms("2026-03-29T01:30:00Z")))  // 03:30 summer time
    }

    @Test func asNeededStoppedAndOnHoldOrdersHaveNoSchedule() throws {
        let day = try date("2026-11-16")
        let patient = PatientDay(timeZone: newYork)
        let prn = order(DosageInstruction(timing: .daily, asNeeded: AsNeeded(reason: "itching")))
        #expect(DoseSchedule.doses(for: [prn], on: day, patient: patient).isEmpty)
        for status in [OrderStatus.stopped, .onHold, .completed] {
            #expect(
                DoseSchedule.doses(
                    for: [order(DosageInstruction(timing: .daily), status: status)],
                    on: day,
                    patient: patient
                ).isEmpty
            )
        }
        #expect(
            DoseSchedule.doses(for: [order(DosageInstruction(timing: .daily))], on: day, patient: patient).count == 1
        )
    }

    @Test func frequencyAloneIsSpreadOverTheWakingDay() throws {
        let day = try date("2026-11-16")
        let patient = PatientDay(timeZone: berlin)
        let thrice = order(DosageInstruction(timing: TimingRepeat(frequency: 3, period: 1, periodUnit: .day)))
        #expect(
            clock(DoseSchedule.doses(for: [thrice], on: day, patient: patient)) == [
                "dose-1 07:00", "dose-2 14:45", "dose-3 22:30",
            ]
        )
        let every8 = order(DosageInstruction(timing: TimingRepeat(frequency: 1, period: 8, periodUnit: .hour)))
        #expect(
            clock(DoseSchedule.doses(for: [every8], on: day, patient: patient))
                == ["dose-3 23:00", "dose-1 07:00", "dose-2 15:00"].sorted { $0.suffix(5) < $1.suffix(5) }
        )
    }

    @Test func periodsOfSeveralDaysAndBoundsLimitTheDays() throws {
        let start = try date("2026-11-16")
        let patient = PatientDay(timeZone: berlin)
        let everyOther = order(
            DosageInstruction(timing: TimingRepeat(frequency: 1, period: 2, periodUnit: .day)),
            authoredOn: start
        )
        let days = DoseSchedule.doses(for: [everyOther], from: start, through: start.adding(days: 5), patient: patient)
            .map(\.date)
        #expect(days == [start, start.adding(days: 2), start.adding(days: 4)])
        let course = order(
            DosageInstruction(
                timing: TimingRepeat(frequency: 1, period: 1, periodUnit: .day, bounds: .duration(3, .day))
            ),
            authoredOn: start
        )
        #expect(
            DoseSchedule.doses(for: [course], from: start, through: start.adding(days: 9), patient: patient).count == 3
        )
        let until = order(
            DosageInstruction(
                timing: TimingRepeat(
                    frequency: 1,
                    period: 1,
                    periodUnit: .day,
                    dayOfWeek: [.monday, .friday],
                    bounds: .period(start: nil, end: start.adding(days: 7))
                )
            )
        )
        let dates = DoseSchedule.doses(for: [until], from: start, through: start.adding(days: 13), patient: patient)
            .map(\.date)
        #expect(dates == [start, start.adding(days: 4), start.adding(days: 7)])
    }
}
